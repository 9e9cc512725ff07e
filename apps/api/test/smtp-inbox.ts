import type { AddressInfo } from 'node:net';
import { type ParsedMail, simpleParser } from 'mailparser';
import { SMTPServer } from 'smtp-server';

/** A real SMTP server on 127.0.0.1 that keeps every message it receives, parsed. */
export interface SmtpInbox {
  /** `smtp://127.0.0.1:<port>`, for SITESEER_SMTP_URL. */
  url: string;
  /** The next message to `to` not read yet; waits for it (fails after `ms`). */
  next(to: string, ms?: number): Promise<ParsedMail>;
  close(): Promise<void>;
}

function recipients(mail: ParsedMail): string[] {
  const to = Array.isArray(mail.to) ? mail.to : mail.to ? [mail.to] : [];
  return to.flatMap((a) => a.value.map((v) => (v.address ?? '').toLowerCase()));
}

/** Starts an inbox on port 0; no TLS and no sign-in, as a relay on the same host would be. */
export async function startSmtpInbox(): Promise<SmtpInbox> {
  const received: ParsedMail[] = [];
  const waiting = new Set<() => void>();
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS', 'AUTH'],
    logger: false,
    onData(stream, _session, done) {
      simpleParser(stream).then(
        (mail) => {
          received.push(mail);
          for (const wake of waiting) wake();
          done();
        },
        (error: Error) => done(error),
      );
    },
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.server.address() as AddressInfo;
  return {
    url: `smtp://127.0.0.1:${port}`,
    next(to, ms = 10_000) {
      const take = () => {
        const i = received.findIndex((m) => recipients(m).includes(to.toLowerCase()));
        return i < 0 ? undefined : received.splice(i, 1)[0];
      };
      return new Promise((resolve, reject) => {
        const check = () => {
          const mail = take();
          if (!mail) return;
          waiting.delete(check);
          clearTimeout(timer);
          resolve(mail);
        };
        const timer = setTimeout(() => {
          waiting.delete(check);
          reject(new Error(`No e-mail to ${to} within ${ms} ms`));
        }, ms);
        waiting.add(check);
        check();
      });
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
