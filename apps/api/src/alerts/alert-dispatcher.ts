import {
  type AttemptOutcome,
  claimZeroResultsAlert,
  clearZeroResultsAlerted,
  countSearchesSince,
  type DueDelivery,
  listZeroResultWatches,
  nextDueAt,
  settleDelivery,
  takeDueDeliveries,
} from '../repositories/alerts.ts';
import { type SecretBox, SecretsKeyMissingError, SecretUnreadableError } from '../secrets/index.ts';
import { StoreClosedError } from '../store/errors.ts';
import type { Store } from '../store/types.ts';
import { ZERO_RESULT_DAYS, zeroResultAlert } from './alert-events.ts';
import type { AlertMailer } from './alert-mail.ts';
import { queueAlerts } from './alert-queue.ts';
import { webhookSecretContext } from './alert-settings.ts';
import { WEBHOOK_TIMEOUT_MS, type WebhookAttempt, type WebhookSender } from './webhook-sender.ts';

/** How often the zero-result rates are checked, and how long a rate that stays high stays quiet. */
const ZERO_RESULT_CHECK_MS = 60 * 60_000;
const ZERO_RESULT_QUIET_MS = 24 * 60 * 60_000;
const DAY_MS = 24 * 60 * 60_000;

/** How often the queue is looked at when nothing wakes it (another process may have queued). */
const POLL_MS = 5_000;
/** Deliveries attempted at once. */
const BATCH = 10;
/** How long a delivery taken stays another process's to leave alone: an attempt and some. */
const ATTEMPT_LEASE_MS = WEBHOOK_TIMEOUT_MS + 30_000;

export interface AlertDispatcherDeps {
  store: Store;
  webhooks: WebhookSender;
  /** Undefined when no SMTP server is configured: e-mail deliveries then fail, saying so. */
  mailer: AlertMailer | undefined;
  retryDelaysMs: readonly number[];
  /** The product's public URL: e-mails link to the engine's crawl report. */
  publicUrl: string;
  now: () => Date;
  log: (error: unknown, what: string) => void;
  /** Opens the sealed webhook secrets (alert-settings.ts seals them). */
  secrets: SecretBox;
}

/**
 * Delivers queued alerts (ADR 0048): takes due deliveries from the store, sends each (a signed
 * webhook POST, or one e-mail), and records the outcome; a failed attempt is tried again after the
 * next of `retryDelaysMs` until they run out. Once an hour it also checks each engine's zero-result
 * rate. Every API process runs one; the store's leases keep them from sending a delivery twice.
 */
export class AlertDispatcher {
  readonly #deps: AlertDispatcherDeps;
  #closed = false;
  #wake: (() => void) | undefined;
  #loop: Promise<void> | undefined;
  #nextZeroResultCheck: number;

  constructor(deps: AlertDispatcherDeps) {
    this.#deps = deps;
    this.#nextZeroResultCheck = deps.now().getTime() + ZERO_RESULT_CHECK_MS;
  }

  /** Starts delivering. */
  start(): void {
    this.#loop ??= this.#run();
  }

  /** Looks at the queue now (an alert was just queued in this process). */
  wake(): void {
    this.#wake?.();
  }

  async #run(): Promise<void> {
    while (!this.#closed) {
      let waitMs = POLL_MS;
      try {
        while (!this.#closed && (await this.deliverDue()) > 0);
        if (this.#deps.now().getTime() >= this.#nextZeroResultCheck) {
          this.#nextZeroResultCheck = this.#deps.now().getTime() + ZERO_RESULT_CHECK_MS;
          await this.checkZeroResults();
        }
        waitMs = await this.#untilNext();
      } catch (error) {
        // The store closed under the loop (the app failed to start, or closes): nothing to deliver.
        if (error instanceof StoreClosedError) return;
        // Anything else (the database away a while) is logged, and the queue looked at again later.
        this.#deps.log(error, 'Delivering alerts');
      }
      if (this.#closed) return;
      await new Promise<void>((resolve) => {
        const timer = setTimeout(resolve, waitMs);
        this.#wake = () => {
          clearTimeout(timer);
          resolve();
        };
      });
      this.#wake = undefined;
    }
  }

  /** How long to sleep: until the next delivery is due, at most POLL_MS. */
  async #untilNext(): Promise<number> {
    const due = await nextDueAt(this.#deps.store);
    const until = due === null ? POLL_MS : due.getTime() - this.#deps.now().getTime();
    return Math.max(10, Math.min(POLL_MS, until));
  }

  /** Attempts the deliveries due now; answers how many were taken. */
  async deliverDue(): Promise<number> {
    const due = await takeDueDeliveries(this.#deps.store, this.#deps.now(), ATTEMPT_LEASE_MS, BATCH);
    await Promise.all(
      due.map(async (delivery) => {
        const outcome = await this.#attempt(delivery);
        await settleDelivery(this.#deps.store, delivery, outcome);
      }),
    );
    return due.length;
  }

  async #attempt(delivery: DueDelivery): Promise<AttemptOutcome> {
    if (delivery.channel === 'email') {
      const { mailer } = this.#deps;
      if (!mailer) {
        return this.#failedForGood('No SMTP server is configured on this server (SITESEER_SMTP_URL).');
      }
      const report = `${this.#deps.publicUrl}/keywordcrawlreport/${delivery.accountId}/${delivery.engineId}`;
      try {
        await mailer.send(delivery.target.split(', '), delivery.payload, report);
        return { state: 'delivered', statusCode: null, error: null, retryAt: null };
      } catch (error) {
        return this.#retried(delivery, { error: `The SMTP server refused: ${(error as Error).message}` });
      }
    }
    if (delivery.webhookSecret === null) {
      return this.#failedForGood("The engine's webhook was removed before this alert was delivered.");
    }
    let secret: string;
    try {
      secret = this.#deps.secrets.open(
        delivery.webhookSecret,
        webhookSecretContext(delivery.accountId, delivery.engineId),
      );
    } catch (error) {
      // Another key sealed it (the server's key changed), or none is set: no retry can sign it.
      if (error instanceof SecretUnreadableError || error instanceof SecretsKeyMissingError) {
        return this.#failedForGood(`${error.message} (Replace Webhook Secret sets a new one.)`);
      }
      throw error;
    }
    const attempt = await this.#deps.webhooks.send({
      url: delivery.target,
      secret,
      payload: delivery.payload,
      deliveryId: delivery.id,
      now: this.#deps.now(),
    });
    if ('statusCode' in attempt && attempt.statusCode >= 200 && attempt.statusCode < 300) {
      return { state: 'delivered', statusCode: attempt.statusCode, error: null, retryAt: null };
    }
    if ('refused' in attempt && attempt.refused) return this.#failedForGood(attempt.error);
    return this.#retried(delivery, attempt);
  }

  #failedForGood(error: string): AttemptOutcome {
    return { state: 'failed', statusCode: null, error, retryAt: null };
  }

  /** A failed attempt: pending again after the next wait, or failed when the attempts ran out. */
  #retried(delivery: DueDelivery, attempt: WebhookAttempt): AttemptOutcome {
    const statusCode = 'statusCode' in attempt ? attempt.statusCode : null;
    const error = 'error' in attempt ? attempt.error : `The webhook answered HTTP ${statusCode}.`;
    const wait = this.#deps.retryDelaysMs[delivery.attempts - 1];
    if (wait === undefined) return { state: 'failed', statusCode, error, retryAt: null };
    return {
      state: 'pending',
      statusCode,
      error,
      retryAt: new Date(this.#deps.now().getTime() + wait),
    };
  }

  /**
   * Checks every engine with alerts: when the last 7 days' searches found nothing more often than
   * its threshold (with enough searches), it is alerted, then not again for a day while the rate
   * stays high; a rate back under the threshold is forgotten, so the next rise alerts at once.
   * Answers how many engines were alerted.
   */
  async checkZeroResults(): Promise<number> {
    const { store } = this.#deps;
    const now = this.#deps.now();
    const since = new Date(now.getTime() - (ZERO_RESULT_DAYS - 1) * DAY_MS);
    let alerted = 0;
    for (const watch of await listZeroResultWatches(store)) {
      const counts = await countSearchesSince(store, watch.accountId, watch.engineId, since);
      const alert = zeroResultAlert(counts, watch, now);
      if (!alert) {
        if (watch.zeroResultsAlertedAt !== null) {
          await clearZeroResultsAlerted(store, watch.accountId, watch.engineId);
        }
        continue;
      }
      const quietSince = new Date(now.getTime() - ZERO_RESULT_QUIET_MS);
      const sent = await store.transaction(async (tx) => {
        if (!(await claimZeroResultsAlert(tx, watch.accountId, watch.engineId, now, quietSince)))
          return false;
        await queueAlerts(tx, watch.accountId, watch.engineId, [alert]);
        return true;
      });
      if (sent) alerted++;
    }
    if (alerted > 0) this.wake();
    return alerted;
  }

  /** Stops delivering: an attempt in flight finishes (its outcome recorded) first. */
  async close(): Promise<void> {
    this.#closed = true;
    this.wake();
    await this.#loop;
    await this.#deps.webhooks.close();
    this.#deps.mailer?.close();
  }
}
