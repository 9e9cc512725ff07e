import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import type { AccountRole, AccountUser, FieldErrors, NewAccountUser } from '@siteseer/core';
import { assignableRoles, PLATFORM_NAME, userCheckRefusal, validateNewUser } from '@siteseer/core';
import { type FormEvent, useId, useRef, useState } from 'react';
import { errorText } from '../../api/error-text.ts';
import { ApiStatusError } from '../../api/portal-api.ts';
import { useServices } from '../../shell/services.tsx';
import { ROLE_LABELS } from './users-table.tsx';

type Field = 'first' | 'last' | 'email';

/** What the existence check said about an email: refused, an existing login, or nobody yet. */
type CheckOutcome =
  | { kind: 'refused'; message: string }
  | { kind: 'existing'; firstName: string; lastName: string }
  | { kind: 'new' };

const key = (email: string) => email.trim().toLowerCase();

/**
 * The add-user form (spec 5, 6): first and last name and a valid email not already in the account
 * (core's rules), a role among owner (only while nobody is owner), admin and user. Once the account
 * exists, the email is checked with the server: a deactivated or platform login is refused with the
 * spec's message, and an existing login's name fills the empty name fields. A new account (no id
 * yet) has nothing to check against: the server applies the same refusals when it is created.
 */
export function AddUserForm({
  accountId,
  existing,
  onAdd,
}: {
  accountId: string | undefined;
  /** The account's users after Save: saved and pending (emails must be unique, one owner). */
  existing: readonly Pick<AccountUser, 'email' | 'role'>[];
  onAdd: (user: NewAccountUser) => void;
}) {
  const { api, reportApiError } = useServices();
  const [values, setValues] = useState({ first: '', last: '', email: '' });
  const [chosenRole, setRole] = useState<AccountRole>('user');
  const [errors, setErrors] = useState<FieldErrors<Field>>({});
  const [failure, setFailure] = useState<string | undefined>();
  const [checking, setChecking] = useState(false);
  const checks = useRef(new Map<string, CheckOutcome>());
  const [outcome, setOutcome] = useState<{ email: string; outcome: CheckOutcome } | undefined>();
  const headingId = useId();

  const roles = assignableRoles(existing);
  // A role that stopped being offered (an owner was just added) falls back to the least one.
  const role = roles.find((option) => option.role === chosenRole && !option.disabled) ? chosenRole : 'user';
  const emails = existing.map((user) => user.email);

  const check = async (email: string): Promise<CheckOutcome | undefined> => {
    if (!accountId) return undefined;
    const known = checks.current.get(key(email));
    if (known) return known;
    setChecking(true);
    try {
      const response = await api.accounts.users.check(accountId, email.trim());
      if (!response.ok && response.status !== 204) throw new ApiStatusError(response.status, response.data);
      const refusal = response.ok ? userCheckRefusal(response.data, PLATFORM_NAME) : undefined;
      const result: CheckOutcome = refusal
        ? { kind: 'refused', message: refusal }
        : response.ok
          ? { kind: 'existing', firstName: response.data.firstName, lastName: response.data.lastName }
          : { kind: 'new' };
      checks.current.set(key(email), result);
      return result;
    } finally {
      setChecking(false);
    }
  };

  /** Runs the check and shows what it says; a failed check is reported, never taken as a pass. */
  const checkAndShow = async (email: string): Promise<CheckOutcome | undefined | 'failed'> => {
    try {
      const result = await check(email);
      if (!result) return undefined;
      setOutcome({ email: key(email), outcome: result });
      if (result.kind === 'refused') setErrors((current) => ({ ...current, email: result.message }));
      if (result.kind === 'existing') {
        setValues((current) => ({
          ...current,
          first: current.first || result.firstName,
          last: current.last || result.lastName,
        }));
      }
      return result;
    } catch (error) {
      if (!reportApiError(error)) setFailure(errorText(error));
      return 'failed';
    }
  };

  const onEmailBlur = () => {
    const problem = validateNewUser({ first: '-', last: '-', email: values.email }, emails).email;
    setErrors((current) => ({ ...current, email: problem }));
    if (!problem && values.email.trim() !== '') void checkAndShow(values.email);
  };

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setFailure(undefined);
    const problems = validateNewUser(values, emails);
    setErrors(problems);
    if (Object.keys(problems).length > 0) return;
    const result = await checkAndShow(values.email);
    if (result === 'failed' || result?.kind === 'refused') return;
    onAdd({ first: values.first.trim(), last: values.last.trim(), email: values.email.trim(), role });
    setValues({ first: '', last: '', email: '' });
    setRole('user');
    setOutcome(undefined);
  };

  const field = (name: Field, label: string, extra: { type?: string; onBlur?: () => void } = {}) => (
    <TextField
      label={label}
      size="small"
      value={values[name]}
      type={extra.type ?? 'text'}
      onBlur={extra.onBlur}
      onChange={(event) => {
        const value = event.target.value;
        setValues((current) => ({ ...current, [name]: value }));
        if (errors[name]) setErrors((current) => ({ ...current, [name]: undefined }));
      }}
      error={Boolean(errors[name])}
      helperText={errors[name] ?? (name === 'email' ? emailHint(outcome, values.email) : undefined)}
    />
  );

  return (
    <Box component="form" noValidate onSubmit={(event) => void submit(event)} aria-labelledby={headingId}>
      <Typography id={headingId} variant="h3" gutterBottom>
        Add User
      </Typography>
      <Stack direction={{ xs: 'column', md: 'row' }} spacing={2} sx={{ alignItems: 'flex-start' }}>
        {field('email', 'Email', { type: 'email', onBlur: onEmailBlur })}
        {field('first', 'First Name')}
        {field('last', 'Last Name')}
        <TextField
          select
          label="Role"
          size="small"
          value={role}
          onChange={(event) => setRole(event.target.value as AccountRole)}
          slotProps={{ select: { native: true } }}
        >
          {roles.map((option) => (
            <option key={option.role} value={option.role} disabled={option.disabled}>
              {ROLE_LABELS[option.role]}
            </option>
          ))}
        </TextField>
        <Button type="submit" variant="outlined" disabled={checking}>
          Add User
        </Button>
      </Stack>
      {failure && (
        <Alert severity="error" sx={{ mt: 2 }}>
          {failure}
        </Alert>
      )}
    </Box>
  );
}

/** The email field's note once the check has answered for the email shown. */
function emailHint(
  shown: { email: string; outcome: CheckOutcome } | undefined,
  email: string,
): string | undefined {
  if (!shown || shown.email !== key(email)) return undefined;
  if (shown.outcome.kind === 'existing') return 'This person already has a login.';
  if (shown.outcome.kind === 'new') return 'A new login: they get a link to set their password.';
  return undefined;
}
