import { z } from 'zod';
import { Id, Timestamp } from './common.ts';

/**
 * What an engine alerts about: its crawl failed (nothing fetched well), was held by the 10 % guard,
 * finished with too many URLs answering 4xx/5xx, its searches of the last 7 days found nothing too
 * often, or someone sent a test alert.
 */
export const ALERT_EVENTS = [
  'crawl.failed',
  'crawl.held',
  'crawl.errors',
  'search.zeroResults',
  'alert.test',
] as const;
export const AlertEventName = z.enum(ALERT_EVENTS);
export type AlertEventName = z.infer<typeof AlertEventName>;

/** How each event reads in the portal's delivery log and in an e-mail's subject. */
export const ALERT_EVENT_LABELS: Record<AlertEventName, string> = {
  'crawl.failed': 'Crawl failed',
  'crawl.held': 'Crawl held by the 10 % guard',
  'crawl.errors': 'Too many 4xx/5xx URLs',
  'search.zeroResults': 'Too many searches without results',
  'alert.test': 'Test alert',
};

/** The thresholds of an engine that never set them. */
export const ALERT_DEFAULTS = {
  errorSharePercent: 10,
  zeroResultPercent: 30,
  zeroResultMinSearches: 100,
} as const;

/** E-mail addresses one engine may alert, at most. */
export const ALERT_EMAILS_MAX = 10;

/** An e-mail address to alert, trimmed and lowercased. */
const AlertEmail = z.string().trim().toLowerCase().pipe(z.email('Enter valid e-mail addresses, one a line.'));

/** Where an engine's alerts go and when they are sent (the part a member may change). */
export const AlertTargets = z.object({
  /** An http(s) URL on a public address; null: no webhook. */
  webhookUrl: z
    .url({ protocol: /^https?$/, error: 'The webhook URL must start with https:// or http://.' })
    .max(2000)
    .nullable(),
  emails: z.array(AlertEmail).max(ALERT_EMAILS_MAX, `At most ${ALERT_EMAILS_MAX} e-mail addresses.`),
  /** A finished crawl alerts when more than this percent of its fetched URLs answered 4xx/5xx. */
  errorSharePercent: z.number().int().min(1).max(100),
  /** The last 7 days' searches alert when more than this percent of them found nothing... */
  zeroResultPercent: z.number().int().min(1).max(100),
  /** ...and there were at least this many of them (a quiet engine does not alert). */
  zeroResultMinSearches: z.number().int().min(1).max(1_000_000),
});
export type AlertTargets = z.infer<typeof AlertTargets>;

/**
 * `GET searchengines/{id}/alerts`: an engine's alert settings. `webhookSecret` is present only in
 * the answer that created or rotated it: it is never shown again.
 */
export const AlertSettings = AlertTargets.extend({
  /** Whether the webhook has a signing secret (it has one whenever a webhook URL is set). */
  webhookSecretSet: z.boolean(),
  webhookSecret: z.string().optional(),
  /** Whether this server can send e-mail (an SMTP server is configured). */
  emailAvailable: z.boolean(),
});
export type AlertSettings = z.infer<typeof AlertSettings>;

/** `PUT searchengines/{id}/alerts`: the settings, and whether to replace the webhook's secret. */
export const AlertSettingsUpdate = AlertTargets.extend({
  accountId: Id,
  rotateSecret: z.boolean().default(false),
});
export type AlertSettingsUpdate = z.input<typeof AlertSettingsUpdate>;

/** What a webhook receives (the JSON body) and an e-mail tells. */
export const AlertPayload = z.object({
  event: AlertEventName,
  engineId: Id,
  engineName: z.string(),
  occurredAt: Timestamp,
  /** The event's numbers, and `message`: one sentence saying what happened. */
  details: z.record(z.string(), z.unknown()),
});
export type AlertPayload = z.infer<typeof AlertPayload>;

/** One alert sent (or being sent) to one channel: a row of the delivery log. */
export const AlertDelivery = z.object({
  id: z.string(),
  event: AlertEventName,
  channel: z.enum(['webhook', 'email']),
  /** The webhook URL, or the e-mail addresses. */
  target: z.string(),
  state: z.enum(['pending', 'delivered', 'failed']),
  attempts: z.number().int(),
  /** The webhook's last HTTP status; null for e-mail and before any answer. */
  statusCode: z.number().int().nullable(),
  /** Why the last attempt failed, in plain words; null when it did not. */
  error: z.string().nullable(),
  createdAt: Timestamp,
  lastAttemptAt: Timestamp.nullable(),
  /** When it is tried again, while pending. */
  nextAttemptAt: Timestamp.nullable(),
});
export type AlertDelivery = z.infer<typeof AlertDelivery>;

/** `GET searchengines/{id}/alerts/deliveries`: the engine's latest deliveries, newest first. */
export const AlertDeliveries = z.object({ deliveries: z.array(AlertDelivery) });
export type AlertDeliveries = z.infer<typeof AlertDeliveries>;

/** `POST searchengines/{id}/alerts/test`: how many deliveries the test alert queued. */
export const AlertTestSent = z.object({ queued: z.number().int() });
export type AlertTestSent = z.infer<typeof AlertTestSent>;
