import {
  ALERT_EVENT_LABELS,
  type AlertDelivery,
  type AlertSettings,
  type AlertTargets,
} from '@siteseer/core';
import { type ApiDeps, apiCommand, type ParseInput } from '../../deps.ts';
import { UsageError } from '../../errors.ts';
import { expectOk } from '../../http/expect-ok.ts';
import { argument, flag, oneOf, optionalString, stringList } from '../parse.ts';
import { resolveEngine } from './resolve-engine.ts';

const ACTIONS = ['show', 'set', 'test', 'deliveries'] as const;

export interface AlertsOptions {
  engine: string;
  account: string | undefined;
  action: (typeof ACTIONS)[number];
  /** The changes `set` makes: only what was given. */
  changes: Partial<AlertTargets>;
  rotateSecret: boolean;
}

/** A whole number from `min` to `max`, or undefined when the option is absent. */
function wholeNumber(input: ParseInput, name: string, flagName: string, min: number, max: number) {
  const text = optionalString(input, name)?.trim();
  if (text === undefined) return undefined;
  const value = Number(text);
  if (!/^\d+$/.test(text) || value < min || value > max) {
    throw new UsageError(`${flagName} must be a whole number from ${min} to ${max} (got '${text}').`);
  }
  return value;
}

function changesOf(input: ParseInput): Partial<AlertTargets> {
  const webhook = input.opts.webhook;
  const emails = stringList(input, 'email');
  const errorSharePercent = wholeNumber(input, 'errorShare', '--error-share', 1, 100);
  const zeroResultPercent = wholeNumber(input, 'zeroResults', '--zero-results', 1, 100);
  const zeroResultMinSearches = wholeNumber(input, 'zeroResultsMin', '--zero-results-min', 1, 1_000_000);
  return {
    ...(webhook === false ? { webhookUrl: null } : {}),
    ...(typeof webhook === 'string' ? { webhookUrl: webhook.trim() } : {}),
    ...(input.opts.emails === false ? { emails: [] } : {}),
    ...(emails.length > 0 ? { emails } : {}),
    ...(errorSharePercent !== undefined ? { errorSharePercent } : {}),
    ...(zeroResultPercent !== undefined ? { zeroResultPercent } : {}),
    ...(zeroResultMinSearches !== undefined ? { zeroResultMinSearches } : {}),
  };
}

export function parse(input: ParseInput): AlertsOptions {
  const action = oneOf(input.args[1] as string | undefined, ACTIONS, 'ACTION') ?? 'show';
  const changes = changesOf(input);
  const rotateSecret = flag(input, 'rotateSecret');
  const changing = Object.keys(changes).length > 0 || rotateSecret;
  if (action === 'set' && !changing) {
    throw new UsageError(
      'set needs what to change: --webhook URL, --no-webhook, --email ADDRESS, --no-emails, --error-share, --zero-results, --zero-results-min or --rotate-secret.',
    );
  }
  if (action !== 'set' && changing) throw new UsageError(`${action} changes nothing: use set.`);
  return {
    engine: argument(input, 0, 'ENGINE'),
    account: optionalString(input, 'account'),
    action,
    changes,
    rotateSecret,
  };
}

function printSettings(deps: ApiDeps, settings: AlertSettings): void {
  const { output } = deps;
  output.details([
    ['Webhook', settings.webhookUrl ?? '(none)'],
    ['Webhook secret', settings.webhookSecretSet ? 'set' : '(none)'],
    ['E-mails', settings.emails.length === 0 ? '(none)' : settings.emails.join(', ')],
    ['4xx/5xx alert', `more than ${settings.errorSharePercent} % of a crawl's URLs`],
    [
      'Zero-result alert',
      `more than ${settings.zeroResultPercent} % of the last 7 days' searches, from ${settings.zeroResultMinSearches} searches`,
    ],
  ]);
  if (!settings.emailAvailable) output.info('This server sends no e-mail (no SMTP server configured).');
  if (settings.webhookSecret) {
    output.line(settings.webhookSecret);
    output.warn(
      'The line above is the webhook secret, shown this once: keep it where your receiver checks the Siteseer-Signature header.',
    );
  }
}

function printDeliveries(deps: ApiDeps, deliveries: readonly AlertDelivery[]): void {
  deps.output.table(
    ['Time', 'Event', 'Channel', 'Target', 'State', 'Attempts', 'Answer'],
    deliveries.map((d) => [
      d.createdAt,
      ALERT_EVENT_LABELS[d.event],
      d.channel === 'webhook' ? 'Webhook' : 'E-mail',
      d.target,
      d.state,
      d.attempts,
      d.error ?? (d.statusCode === null ? '' : `HTTP ${d.statusCode}`),
    ]),
    'No alert was delivered yet.',
  );
}

/**
 * `engines alerts ENGINE [show|set|test|deliveries]`: a keyword engine's alerts: where they go
 * (a webhook, e-mail addresses) and their thresholds; `set` changes what its options name, `test`
 * sends a test alert, `deliveries` lists the latest deliveries.
 */
export async function run(deps: ApiDeps, options: AlertsOptions): Promise<void> {
  const { api, output } = deps;
  const engine = await resolveEngine(api, options.engine, { account: options.account, auth: deps.auth });
  if (engine.searchEngineType !== 'kw')
    throw new UsageError(`${engine.searchEngineName} is not a keyword engine.`);
  const { accountId } = engine;
  if (options.action === 'test') {
    const sent = expectOk(await api.alerts.test(engine.id, accountId), 'Sending a test alert');
    if (output.json) output.printJson(sent);
    else
      output.success(
        `A test alert is on its way to ${sent.queued} channel${sent.queued === 1 ? '' : 's'} of ${engine.searchEngineName}: see siteseer engines alerts ENGINE deliveries.`,
      );
    return;
  }
  if (options.action === 'deliveries') {
    const { deliveries } = expectOk(
      await api.alerts.deliveries(engine.id, accountId),
      'Reading the alert deliveries',
    );
    if (output.json) output.printJson({ deliveries });
    else printDeliveries(deps, deliveries);
    return;
  }
  let settings = expectOk(await api.alerts.settings(engine.id, accountId), 'Reading the alerts');
  if (options.action === 'set') {
    const { webhookSecret: _shown, webhookSecretSet: _set, emailAvailable: _mail, ...current } = settings;
    settings = expectOk(
      await api.alerts.update(engine.id, {
        ...current,
        ...options.changes,
        accountId,
        rotateSecret: options.rotateSecret,
      }),
      'Saving the alerts',
    );
    if (!output.json) output.success(`Saved the alerts of ${engine.searchEngineName}.`);
  }
  if (output.json) output.printJson(settings);
  else printSettings(deps, settings);
}

export const command = apiCommand({ parse, run });
