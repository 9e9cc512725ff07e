import { createTransport } from 'nodemailer';
import { escapeHtml } from '../html/html.ts';

/** What an invitation e-mail says: who invites whom to which account, and the link. */
interface InvitationLetter {
  to: string;
  firstName: string;
  accountName: string;
  /** The inviting user's name, or their e-mail when they have no name. */
  inviter: string;
  link: string;
  expiresAt: Date;
}

/** Sends invitation e-mails. */
export interface Mailer {
  send(letter: InvitationLetter): Promise<void>;
  close(): void;
}

/** The subject, plain text and HTML of an invitation; every name in the HTML is escaped. */
function invitationMessage(letter: InvitationLetter): { subject: string; text: string; html: string } {
  const greeting = letter.firstName ? `Hello ${letter.firstName},` : 'Hello,';
  const invited = `${letter.inviter} invited you to the ${letter.accountName} account on Siteseer.`;
  const expires = `The link works once and until ${letter.expiresAt.toUTCString()}.`;
  const text = [
    greeting,
    '',
    invited,
    'Set your password to sign in:',
    '',
    letter.link,
    '',
    expires,
    'If you did not expect this invitation, you can ignore this e-mail.',
    '',
  ].join('\n');
  const link = escapeHtml(letter.link);
  const html = `<!doctype html>
<html lang="en"><body style="font-family: system-ui, sans-serif; line-height: 1.5; color: #1a1a1a">
<p>${escapeHtml(greeting)}</p>
<p>${escapeHtml(invited)}</p>
<p><a href="${link}" style="display: inline-block; padding: 8px 16px; background: #1565c0; color: #fff; border-radius: 4px; text-decoration: none">Set your password</a></p>
<p>Or open this link: <a href="${link}">${link}</a></p>
<p style="color: #555">${escapeHtml(expires)} If you did not expect this invitation, you can ignore this e-mail.</p>
</body></html>
`;
  return { subject: `You are invited to ${letter.accountName} on Siteseer`, text, html };
}

/** A mailer that sends through the SMTP server of `url` (nodemailer, one pooled connection). */
export function smtpMailer(smtp: { url: string; from: string }): Mailer {
  const transport = createTransport(`${smtp.url}${smtp.url.includes('?') ? '&' : '?'}pool=true`);
  return {
    async send(letter) {
      await transport.sendMail({ from: smtp.from, to: letter.to, ...invitationMessage(letter) });
    },
    close() {
      transport.close();
    },
  };
}
