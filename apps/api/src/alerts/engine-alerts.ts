import type { Config } from '../config.ts';
import { createAddressPolicy } from '../crawler/fetch/address-policy.ts';
import type { CrawlEndSink } from '../crawler/loop/crawl-ended.ts';
import { crawlerUserAgent } from '../crawler/loop/crawl-worker.ts';
import type { SecretBox } from '../secrets/index.ts';
import type { Store } from '../store/types.ts';
import { AlertDispatcher } from './alert-dispatcher.ts';
import { smtpAlertMailer } from './alert-mail.ts';
import { queueCrawlAlerts } from './alert-queue.ts';
import type { AlertSettingsDeps } from './alert-settings.ts';
import { WebhookSender } from './webhook-sender.ts';

/** An app's engine alerts: the delivery loop, what the settings calls need, and the crawl's sink. */
export interface EngineAlerts {
  dispatcher: AlertDispatcher;
  settings: AlertSettingsDeps;
  /** Queues the alerts a crawl run's end raises, and delivers them at once. */
  crawlEnded: CrawlEndSink;
}

/**
 * The engine alerts of an app for its configuration: webhooks reach only what the crawler may
 * (SITESEER_CRAWL_ALLOW_PRIVATE), e-mail goes through the invitations' SMTP server. Not started.
 */
export function engineAlerts(
  config: Config,
  store: Store,
  options: { now: () => Date; log: (error: unknown, what: string) => void; secrets: SecretBox },
): EngineAlerts {
  const policy = createAddressPolicy(config.crawlAllowPrivate);
  const dispatcher = new AlertDispatcher({
    store,
    webhooks: new WebhookSender(policy, crawlerUserAgent(config.publicUrl)),
    mailer: config.smtp ? smtpAlertMailer(config.smtp) : undefined,
    retryDelaysMs: config.alertRetryDelaysMs,
    publicUrl: config.publicUrl,
    now: options.now,
    log: options.log,
    secrets: options.secrets,
  });
  return {
    dispatcher,
    settings: {
      store,
      policy,
      emailAvailable: config.smtp !== undefined,
      wake: () => dispatcher.wake(),
      now: options.now,
      secrets: options.secrets,
    },
    async crawlEnded(ended) {
      const queued = await store.transaction((tx) => queueCrawlAlerts(tx, ended, options.now()));
      if (queued > 0) dispatcher.wake();
    },
  };
}
