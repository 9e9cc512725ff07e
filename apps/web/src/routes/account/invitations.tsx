import ScheduleIcon from '@mui/icons-material/Schedule';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import type { PendingInvitation } from '@siteseer/core';
import { useMutation, useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { unwrap } from '../../api/portal-api.ts';
import { accountInvitationsQuery, accountUsersQuery } from '../../api/queries.ts';
import { DisabledWithReason } from '../../shell/disabled-with-reason.tsx';
import { useServices } from '../../shell/services.tsx';
import { useToast } from '../../shell/toast.tsx';

/** What became of an invitation's last link, in a few words. */
function deliveryText(invitation: PendingInvitation): string {
  if (!invitation.expiresAt)
    return invitation.emailEnabled ? 'Link expired: resend it' : 'Link expired: copy a new link';
  const sent = new Date(invitation.sentAt).toLocaleDateString();
  switch (invitation.delivery) {
    case 'sending':
      return 'Sending the e-mail…';
    case 'sent':
      return `E-mailed ${sent}`;
    case 'failed':
      return 'Not sent: the e-mail failed';
    case 'link':
      return 'Not e-mailed: copy the link';
  }
}

/** The Pending mark of an invited user's row, with what became of the e-mail. */
export function PendingMark({ invitation }: { invitation: PendingInvitation }) {
  return (
    <Stack direction="row" spacing={1} sx={{ alignItems: 'center', flexWrap: 'wrap' }}>
      {/* The theme's warning orange on white is 3.1:1: the chip keeps the text colour, the icon says "waiting". */}
      <Chip size="small" variant="outlined" icon={<ScheduleIcon />} label="Pending" />
      <Typography variant="body2" color="text.secondary">
        {deliveryText(invitation)}
      </Typography>
    </Stack>
  );
}

/** A link just made to copy, and whether it reached the clipboard. */
export interface CopiedLink {
  email: string;
  link: string;
  copied: boolean;
}

/** Copies `text`; false when the browser refuses (no permission, page not focused). */
async function toClipboard(text: string): Promise<boolean> {
  try {
    await navigator.clipboard.writeText(text);
    return true;
  } catch (error) {
    if (error instanceof DOMException || error instanceof TypeError) return false;
    throw error;
  }
}

/**
 * The account's pending invitations and what owners and admins do with them: copy a fresh link,
 * resend the e-mail, revoke. Copy and resend make a new link and the earlier ones stop working
 * (the server keeps only hashes of links, so an old one cannot be shown again).
 */
export function useInvitations(accountId: string | undefined) {
  const { api, queryClient } = useServices();
  const toast = useToast();
  const [copied, setCopied] = useState<CopiedLink | undefined>();
  const query = useQuery({
    ...accountInvitationsQuery(api, accountId ?? ''),
    enabled: accountId !== undefined,
  });
  const store = (after: PendingInvitation[]) => {
    if (accountId) queryClient.setQueryData(accountInvitationsQuery(api, accountId).queryKey, after);
  };
  const act = useMutation({
    mutationFn: async ({
      kind,
      invitation,
    }: {
      kind: 'copy' | 'resend' | 'revoke';
      invitation: PendingInvitation;
    }) => {
      if (!accountId) throw new Error('The account is not saved yet.');
      const users = api.accounts.users;
      if (kind === 'resend') {
        store(unwrap(await users.resendInvitation(accountId, invitation.userId)));
        toast(`Invitation sent again to ${invitation.email}; earlier links no longer work.`);
        return;
      }
      if (kind === 'revoke') {
        store(unwrap(await users.revokeInvitation(accountId, invitation.userId)));
        await queryClient.invalidateQueries({ queryKey: accountUsersQuery(api, accountId).queryKey });
        toast(`Invitation to ${invitation.email} revoked.`);
        return;
      }
      const { link } = unwrap(await users.invitationLink(accountId, invitation.userId));
      setCopied({ email: invitation.email, link, copied: await toClipboard(link) });
      await queryClient.invalidateQueries({ queryKey: accountInvitationsQuery(api, accountId).queryKey });
    },
  });
  const byUser = new Map((query.data ?? []).map((invitation) => [invitation.userId, invitation]));
  return { byUser, act, copied, dismissCopied: () => setCopied(undefined) };
}

/** Why Resend is disabled on a server that sends no e-mail. */
export const NO_EMAIL_REASON =
  'E-mail is not set up on this server: copy the invitation link and send it yourself.';

/**
 * An invited user's row buttons: Copy invitation link, Resend, Revoke. Resend is disabled, saying
 * why, when the server sends no e-mail (the API would refuse it).
 */
export function InvitationButtons({
  invitation,
  busy,
  onCopy,
  onResend,
  onRevoke,
}: {
  invitation: PendingInvitation;
  busy: boolean;
  onCopy: () => void;
  onResend: () => void;
  onRevoke: () => void;
}) {
  return (
    <>
      <Button size="small" disabled={busy} onClick={onCopy}>
        Copy invitation link
      </Button>
      {invitation.emailEnabled ? (
        <Button size="small" disabled={busy} onClick={onResend}>
          Resend
        </Button>
      ) : (
        <DisabledWithReason size="small" label="Resend" reason={NO_EMAIL_REASON} />
      )}
      <Button size="small" color="error" disabled={busy} onClick={onRevoke}>
        Revoke
      </Button>
    </>
  );
}
