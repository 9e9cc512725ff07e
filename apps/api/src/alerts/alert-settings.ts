import { randomBytes } from 'node:crypto';
import {
  ALERT_DEFAULTS,
  type AlertDeliveries,
  type AlertSettings,
  type AlertSettingsUpdate,
  AlertTargets,
  type AlertTestSent,
} from '@siteseer/core';
import { engineOf, readAccess, requireWrite } from '../access/engine-access.ts';
import type { Principal } from '../auth/authenticate.ts';
import type { AddressPolicy } from '../crawler/fetch/address-policy.ts';
import { ConflictError, InputError } from '../errors.ts';
import { findAlerts, listDeliveries, saveAlerts } from '../repositories/alerts.ts';
import { type SecretBox, SecretsKeyMissingError } from '../secrets/index.ts';
import type { Store } from '../store/types.ts';
import { testAlert } from './alert-events.ts';
import { hasTargets, queueAlerts } from './alert-queue.ts';
import { webhookRefusal } from './webhook-sender.ts';

/** What the settings calls need of the server: its store, address policy and whether it mails. */
export interface AlertSettingsDeps {
  store: Store;
  policy: AddressPolicy;
  emailAvailable: boolean;
  /** Looks at the delivery queue now (a test alert was queued). */
  wake: () => void;
  now: () => Date;
  /** Seals the webhook secrets at rest (the key of site sign-ins, ADR 0047). */
  secrets: SecretBox;
}

/** What a webhook secret is sealed for: its engine, so a value copied to another row does not open. */
export function webhookSecretContext(accountId: string, engineId: string): string {
  return `alert-webhook:${accountId}:${engineId}`;
}

/** A new webhook signing secret: 32 random bytes, recognisable by its prefix. */
function newWebhookSecret(): string {
  return `whsec_${randomBytes(32).toString('base64url')}`;
}

/**
 * `GET searchengines/{id}/alerts`: the keyword engine's alert settings (the defaults when never
 * set), for anyone who may read it; the secret is never in it.
 */
export async function readAlertSettings(
  deps: AlertSettingsDeps,
  principal: Principal,
  accountId: string,
  engineId: string,
): Promise<AlertSettings> {
  const access = await readAccess(deps.store, principal, accountId);
  const engine = await engineOf(deps.store, access, engineId, 'kw');
  const stored = await findAlerts(deps.store, access.account.id, engine.id);
  return {
    webhookUrl: stored?.webhookUrl ?? null,
    emails: stored?.emails ?? [],
    errorSharePercent: stored?.errorSharePercent ?? ALERT_DEFAULTS.errorSharePercent,
    zeroResultPercent: stored?.zeroResultPercent ?? ALERT_DEFAULTS.zeroResultPercent,
    zeroResultMinSearches: stored?.zeroResultMinSearches ?? ALERT_DEFAULTS.zeroResultMinSearches,
    webhookSecretSet: Boolean(stored?.webhookSecret),
    emailAvailable: deps.emailAvailable,
  };
}

/**
 * `PUT searchengines/{id}/alerts`: replaces them, for those who may edit the engine. A webhook URL
 * on an address the crawler's policy refuses is a 400; so are e-mail addresses on a server that
 * cannot send e-mail. The webhook's secret is made when it gets its first URL or `rotateSecret`
 * asks, and answered that once; removing the webhook removes it.
 */
export async function writeAlertSettings(
  deps: AlertSettingsDeps,
  principal: Principal,
  engineId: string,
  update: AlertSettingsUpdate,
): Promise<AlertSettings> {
  const { accountId, rotateSecret, ...fields } = update;
  const parsed = AlertTargets.parse(fields);
  const targets = { ...parsed, emails: [...new Set(parsed.emails)] };
  const access = await readAccess(deps.store, principal, accountId);
  const engine = await engineOf(deps.store, access, engineId, 'kw');
  await requireWrite(deps.store, access, engine, 'edit');
  if (targets.webhookUrl !== null) {
    const refusal = await webhookRefusal(new URL(targets.webhookUrl), deps.policy);
    if (refusal !== null) {
      throw new InputError(`The webhook URL is refused: ${refusal}.`, { field: 'webhookUrl' });
    }
  }
  if (targets.emails.length > 0 && !deps.emailAvailable) {
    throw new InputError(
      'E-mail alerts need an SMTP server, and this server has none configured (SITESEER_SMTP_URL).',
      { field: 'emails' },
    );
  }
  const stored = await findAlerts(deps.store, access.account.id, engine.id);
  const kept = targets.webhookUrl === null ? null : (stored?.webhookSecret ?? null);
  const shown =
    targets.webhookUrl !== null && (kept === null || rotateSecret) ? newWebhookSecret() : undefined;
  // The secret must sign, so it is sealed (never hashed); a server without a key cannot keep one.
  if (shown && !deps.secrets.hasKey) throw new ConflictError(new SecretsKeyMissingError().message);
  const sealed = shown ? deps.secrets.seal(shown, webhookSecretContext(access.account.id, engine.id)) : kept;
  await saveAlerts(deps.store, access.account.id, engine.id, { ...targets, webhookSecret: sealed });
  return {
    ...targets,
    webhookSecretSet: targets.webhookUrl !== null,
    ...(shown ? { webhookSecret: shown } : {}),
    emailAvailable: deps.emailAvailable,
  };
}

/** `POST searchengines/{id}/alerts/test`: queues a test alert to every channel (409 when none). */
export async function sendTestAlert(
  deps: AlertSettingsDeps,
  principal: Principal,
  engineId: string,
  accountId: string,
): Promise<AlertTestSent> {
  const access = await readAccess(deps.store, principal, accountId);
  const engine = await engineOf(deps.store, access, engineId, 'kw');
  await requireWrite(deps.store, access, engine, 'edit');
  if (!hasTargets(await findAlerts(deps.store, access.account.id, engine.id))) {
    throw new ConflictError('This engine has no webhook or e-mail address to alert: save one first.');
  }
  const alert = testAlert(deps.now(), access.author);
  const queued = await deps.store.transaction((tx) => queueAlerts(tx, access.account.id, engine.id, [alert]));
  deps.wake();
  return { queued };
}

/** `GET searchengines/{id}/alerts/deliveries`: the latest deliveries, for anyone who may read it. */
export async function readAlertDeliveries(
  deps: AlertSettingsDeps,
  principal: Principal,
  accountId: string,
  engineId: string,
): Promise<AlertDeliveries> {
  const access = await readAccess(deps.store, principal, accountId);
  const engine = await engineOf(deps.store, access, engineId, 'kw');
  return { deliveries: await listDeliveries(deps.store, access.account.id, engine.id) };
}
