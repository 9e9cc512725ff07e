import { lookup } from 'node:dns/promises';
import { isIP } from 'node:net';
import { ALERT_SIGNATURE_HEADER, type AlertPayload, alertSignature } from '@siteseer/core';
import { Agent } from 'undici';
import { type AddressPolicy, AddressRefusedError } from '../crawler/fetch/address-policy.ts';
import { guardedLookup } from '../crawler/fetch/guarded-lookup.ts';

/** How long one webhook attempt may take, connection and answer included. */
export const WEBHOOK_TIMEOUT_MS = 10_000;

/**
 * What one attempt came to: the receiver's status (2xx: delivered), or why there was none;
 * `refused` when the address policy refused the receiver's address (trying again will not help).
 */
export type WebhookAttempt = { statusCode: number } | { error: string; refused?: boolean };

/** The address a webhook URL names, without IPv6 brackets. */
function hostOf(url: URL): string {
  return url.hostname.replace(/^\[(.*)\]$/, '$1');
}

/**
 * Why `url` may not receive alerts under the crawler's address policy (a private, loopback or
 * link-local address not allowed), or null. Checked when the URL is saved; the sender checks again
 * at connect time, so a name that resolves elsewhere later (DNS rebinding) is still refused.
 */
export async function webhookRefusal(url: URL, policy: AddressPolicy): Promise<string | null> {
  const host = hostOf(url);
  if (isIP(host) !== 0) return policy.checkLiteral(host);
  try {
    const addresses = await lookup(host, { all: true });
    return policy.checkResolved(
      host,
      addresses.map((entry) => entry.address),
    );
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOTFOUND') return `${host} could not be found`;
    throw error;
  }
}

/** Sends signed alert bodies to webhooks, connecting only where the address policy allows. */
export class WebhookSender {
  readonly #policy: AddressPolicy;
  readonly #agent: Agent;
  readonly #userAgent: string;

  constructor(policy: AddressPolicy, userAgent: string) {
    this.#policy = policy;
    this.#userAgent = userAgent;
    this.#agent = new Agent({ connect: { lookup: guardedLookup(policy), timeout: WEBHOOK_TIMEOUT_MS } });
  }

  /**
   * POSTs `payload` as JSON to `url`, signed with `secret` at `now`. Redirects are not followed (a
   * 3xx is a failed attempt): a receiver that moves must be saved again, under the policy.
   */
  async send(input: {
    url: string;
    secret: string;
    payload: AlertPayload;
    deliveryId: string;
    now: Date;
  }): Promise<WebhookAttempt> {
    const url = new URL(input.url);
    const host = hostOf(url);
    if (isIP(host) !== 0) {
      const reason = this.#policy.checkLiteral(host);
      if (reason !== null) return { error: `Refused: ${reason}.`, refused: true };
    }
    const body = JSON.stringify(input.payload);
    const signature = await alertSignature(input.secret, body, Math.floor(input.now.getTime() / 1000));
    try {
      const response = await this.#agent.request({
        origin: url.origin,
        path: `${url.pathname}${url.search}`,
        method: 'POST',
        headers: {
          'content-type': 'application/json',
          'user-agent': this.#userAgent,
          [ALERT_SIGNATURE_HEADER]: signature,
          'siteseer-event': input.payload.event,
          'siteseer-delivery': input.deliveryId,
        },
        body,
        signal: AbortSignal.timeout(WEBHOOK_TIMEOUT_MS),
        headersTimeout: WEBHOOK_TIMEOUT_MS,
        bodyTimeout: WEBHOOK_TIMEOUT_MS,
      });
      // The answer's body is not read: only its status tells.
      await response.body.dump();
      return { statusCode: response.statusCode };
    } catch (error) {
      const refusal = refusalOf(error);
      return refusal ? { error: `Refused: ${refusal}.`, refused: true } : { error: attemptError(error) };
    }
  }

  async close(): Promise<void> {
    await this.#agent.close();
  }
}

/** The address policy's reason when it refused the connection (at connect time), else undefined. */
function refusalOf(error: unknown): string | undefined {
  if (error instanceof AddressRefusedError) return error.reason;
  const cause = (error as { cause?: unknown }).cause;
  return cause instanceof AddressRefusedError ? cause.reason : undefined;
}

/** An attempt's failure in plain words (the delivery log shows it). */
function attemptError(error: unknown): string {
  if ((error as Error).name === 'TimeoutError' || (error as Error).name === 'AbortError') {
    return `No answer within ${WEBHOOK_TIMEOUT_MS / 1000} s.`;
  }
  const code = (error as NodeJS.ErrnoException).code;
  return code ? `Could not connect (${code}).` : (error as Error).message;
}
