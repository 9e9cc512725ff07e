import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import MenuItem from '@mui/material/MenuItem';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import {
  parseCookieLine,
  type SiteCredentialsKind,
  type SiteCredentialsStatus,
  type SiteSignIn,
  signInLabel,
  toCrawlUrl,
} from '@siteseer/core';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { type FormEvent, useId, useState } from 'react';
import { errorText } from '../../../api/error-text.ts';
import { unwrap } from '../../../api/portal-api.ts';
import { queryKeys, siteCredentialsQuery } from '../../../api/queries.ts';
import { useServices } from '../../../shell/services.tsx';

const KINDS: { value: SiteCredentialsKind; label: string }[] = [
  { value: 'basic', label: 'HTTP Basic (user and password)' },
  { value: 'header', label: 'Request header (e.g. Authorization)' },
  { value: 'cookie', label: 'Cookies' },
];

/** A stored sign-in as the step shows it: the kind and what names it, never a secret. */
function describe(status: Pick<SiteCredentialsStatus, 'kind' | 'label'>): string {
  if (status.kind === 'basic') return `HTTP Basic, user ${status.label}`;
  if (status.kind === 'header') return `Header ${status.label}`;
  return `Cookies ${status.label}`;
}

/** How the rows of the step keep a sign-in: on the saved engine at once, or in the draft until the save. */
interface SignInKeeper {
  /** What is kept for the site (the stored one's status, or the draft's); undefined: none. */
  statusOf: (site: string) => Pick<SiteCredentialsStatus, 'kind' | 'label'> | undefined;
  loading: boolean;
  save: (site: string, signIn: SiteSignIn) => Promise<unknown>;
  remove: (site: string) => Promise<unknown>;
  /** Said after "Set:" when the sign-in waits for the engine's save. */
  pendingNote?: string;
}

/**
 * "Sign-in for this site", per start site of a saved engine: what the crawler sends to a site behind
 * a login. Saved at once through the API, not with the wizard: the secret never joins the draft, is
 * never prefilled, and the step shows only that it is set (Replace or Remove).
 */
export function SiteSignIns({
  engineId,
  accountId,
  urls,
}: {
  engineId: string;
  accountId: string;
  urls: readonly string[];
}) {
  const { api } = useServices();
  const queryClient = useQueryClient();
  const listed = useQuery(siteCredentialsQuery(api, engineId, accountId));
  if (listed.isError) return <Alert severity="error">{errorText(listed.error)}</Alert>;
  const bySite = new Map((listed.data ?? []).map((status) => [status.site, status]));
  const refresh = () =>
    queryClient.invalidateQueries({ queryKey: queryKeys.siteCredentials(engineId, accountId) });
  const keeper: SignInKeeper = {
    statusOf: (site) => bySite.get(toCrawlUrl(site) ?? site),
    loading: listed.isPending,
    save: async (site, signIn) => {
      unwrap(await api.crawler.credentials.set({ accountId, engineId, site, signIn }));
      await refresh();
    },
    remove: async (site) => {
      unwrap(await api.crawler.credentials.remove({ accountId, engineId, site }));
      await refresh();
    },
  };
  return <SignInRows urls={urls} keeper={keeper} />;
}

/**
 * The same rows for an engine not saved yet: each sign-in is kept in the wizard's draft (memory
 * only, never in the settings) and sent by the save once the engine exists, before its first crawl.
 */
export function PendingSiteSignIns({
  urls,
  signIns,
  onSignIn,
}: {
  urls: readonly string[];
  signIns: Readonly<Record<string, SiteSignIn>>;
  onSignIn: (site: string, signIn: SiteSignIn | undefined) => void;
}) {
  const keeper: SignInKeeper = {
    statusOf: (site) => {
      const signIn = signIns[site];
      return signIn ? { kind: signIn.kind, label: signInLabel(signIn) } : undefined;
    },
    loading: false,
    save: async (site, signIn) => onSignIn(site, signIn),
    remove: async (site) => onSignIn(site, undefined),
    pendingNote: ' (sent when the engine is saved)',
  };
  return <SignInRows urls={urls} keeper={keeper} />;
}

function SignInRows({ urls, keeper }: { urls: readonly string[]; keeper: SignInKeeper }) {
  return (
    <Stack spacing={2}>
      <Typography variant="body2" color="text.secondary">
        For sites behind a login: the crawler sends the sign-in to that site only, never to another site or
        after a redirect elsewhere. It is stored encrypted and never shown again.
      </Typography>
      {urls.map((url) => (
        <SiteSignInRow key={url} site={url} keeper={keeper} />
      ))}
    </Stack>
  );
}

function SiteSignInRow({ site, keeper }: { site: string; keeper: SignInKeeper }) {
  const headingId = useId();
  const [editing, setEditing] = useState(false);
  const remove = useMutation({ mutationFn: () => keeper.remove(site) });
  const status = keeper.statusOf(site);
  return (
    <Stack
      component="section"
      aria-labelledby={headingId}
      spacing={1}
      sx={{ border: 1, borderColor: 'divider', borderRadius: 1, p: 2 }}
    >
      <Typography id={headingId} variant="subtitle2" component="h4">
        Sign-in for this site: <span style={{ overflowWrap: 'anywhere' }}>{site}</span>
      </Typography>
      {!editing && (
        <Stack direction="row" spacing={1} sx={{ alignItems: 'center', flexWrap: 'wrap', rowGap: 1 }}>
          <Typography variant="body2" sx={{ flexGrow: 1 }}>
            {keeper.loading
              ? 'Loading…'
              : status
                ? `Set: ${describe(status)}${keeper.pendingNote ?? ''}`
                : 'None: the site is crawled signed out.'}
          </Typography>
          {status ? (
            // One group, so that on a phone both buttons wrap under the status together.
            <Stack direction="row" spacing={1}>
              <Button size="small" variant="outlined" onClick={() => setEditing(true)}>
                Replace
              </Button>
              <Button size="small" color="error" disabled={remove.isPending} onClick={() => remove.mutate()}>
                Remove
              </Button>
            </Stack>
          ) : (
            !keeper.loading && (
              <Button size="small" variant="outlined" onClick={() => setEditing(true)}>
                Set sign-in
              </Button>
            )
          )}
        </Stack>
      )}
      {remove.isError && <Alert severity="error">{errorText(remove.error)}</Alert>}
      {editing && (
        <SignInForm
          initialKind={status?.kind ?? 'basic'}
          onSave={(signIn) => keeper.save(site, signIn)}
          onDone={() => setEditing(false)}
          onCancel={() => setEditing(false)}
        />
      )}
    </Stack>
  );
}

/** The fields of one kind of sign-in; every secret in a password box, never prefilled. */
function SignInForm({
  initialKind,
  onSave,
  onDone,
  onCancel,
}: {
  initialKind: SiteCredentialsKind;
  onSave: (signIn: SiteSignIn) => Promise<unknown>;
  onDone: () => void;
  onCancel: () => void;
}) {
  const [kind, setKind] = useState<SiteCredentialsKind>(initialKind);
  const [name, setName] = useState('');
  const [secret, setSecret] = useState('');
  const [problem, setProblem] = useState<string | undefined>();
  const save = useMutation({ mutationFn: onSave, onSuccess: onDone });
  const submit = (event: FormEvent) => {
    event.preventDefault();
    setProblem(undefined);
    if (kind === 'basic') save.mutate({ kind, user: name, password: secret });
    else if (kind === 'header') save.mutate({ kind, name, value: secret });
    else {
      const cookies = parseCookieLine(secret);
      if ('error' in cookies) setProblem(cookies.error);
      else save.mutate({ kind, cookies: cookies.cookies });
    }
  };
  return (
    <Stack component="form" spacing={1.5} onSubmit={submit} noValidate>
      <TextField
        select
        size="small"
        label="Sign-in kind"
        value={kind}
        onChange={(event) => setKind(event.target.value as SiteCredentialsKind)}
      >
        {KINDS.map((option) => (
          <MenuItem key={option.value} value={option.value}>
            {option.label}
          </MenuItem>
        ))}
      </TextField>
      {kind !== 'cookie' && (
        <TextField
          size="small"
          label={kind === 'basic' ? 'User name' : 'Header name'}
          placeholder={kind === 'header' ? 'Authorization' : undefined}
          autoComplete="off"
          value={name}
          onChange={(event) => setName(event.target.value)}
          required
        />
      )}
      <TextField
        size="small"
        type="password"
        label={kind === 'basic' ? 'Password' : kind === 'header' ? 'Header value' : 'Cookies'}
        helperText={
          kind === 'cookie'
            ? 'As NAME=VALUE; several separated by semicolons (session=…; region=eu).'
            : kind === 'header'
              ? 'E.g. Bearer followed by the token.'
              : undefined
        }
        autoComplete="new-password"
        value={secret}
        onChange={(event) => setSecret(event.target.value)}
        required
      />
      {(problem ?? (save.isError ? errorText(save.error) : undefined)) && (
        <Alert severity="error">{problem ?? errorText(save.error)}</Alert>
      )}
      <Stack direction="row" spacing={1}>
        <Button type="submit" variant="contained" size="small" disabled={save.isPending}>
          Save sign-in
        </Button>
        <Button size="small" onClick={onCancel}>
          Cancel
        </Button>
      </Stack>
    </Stack>
  );
}
