import { ALERT_EVENT_LABELS, type AlertPayload } from '@siteseer/core';
import { createTransport } from 'nodemailer';
import { escapeHtml } from '../html/html.ts';

/** Sends alert e-mails. */
export interface AlertMailer {
  send(to: readonly string[], payload: AlertPayload, reportUrl: string): Promise<void>;
  close(): void;
}

/** The subject, plain text and HTML of an alert; every name and message in the HTML is escaped. */
function alertMessage(
  payload: AlertPayload,
  reportUrl: string,
): { subject: string; text: string; html: string } {
  const label = ALERT_EVENT_LABELS[payload.event];
  const message = String(payload.details.message ?? '');
  const when = new Date(payload.occurredAt).toUTCString();
  const text = [
    `${label}: ${payload.engineName}`,
    '',
    message,
    '',
    `When: ${when}`,
    `Crawl report: ${reportUrl}`,
    '',
    "You get this e-mail because your address is in the engine's alerts on Siteseer.",
    '',
  ].join('\n');
  const html = `<!doctype html>
<html lang="en"><body style="font-family: system-ui, sans-serif; line-height: 1.5; color: #1a1a1a">
<p><strong>${escapeHtml(label)}</strong>: ${escapeHtml(payload.engineName)}</p>
<p>${escapeHtml(message)}</p>
<p style="color: #555">When: ${escapeHtml(when)}</p>
<p><a href="${escapeHtml(reportUrl)}">Open the crawl report</a></p>
<p style="color: #555">You get this e-mail because your address is in the engine's alerts on Siteseer.</p>
</body></html>
`;
  return { subject: `[Siteseer] ${label}: ${payload.engineName}`, text, html };
}

/** An alert mailer that sends through the SMTP server of `url` (the invitations' server). */
export function smtpAlertMailer(smtp: { url: string; from: string }): AlertMailer {
  const transport = createTransport(`${smtp.url}${smtp.url.includes('?') ? '&' : '?'}pool=true`);
  return {
    async send(to, payload, reportUrl) {
      await transport.sendMail({ from: smtp.from, to: [...to], ...alertMessage(payload, reportUrl) });
    },
    close() {
      transport.close();
    },
  };
}
