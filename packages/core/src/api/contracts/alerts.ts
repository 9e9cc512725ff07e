import { z } from 'zod';
import { AlertDeliveries, AlertSettings, AlertSettingsUpdate, AlertTestSent } from '../../domain/alerts.ts';
import { Id } from '../../domain/common.ts';
import { defineCall } from '../contract.ts';
import { IdParams } from './wire-schemas.ts';

/** The account a keyword engine belongs to (every tenant call names it). */
const AccountIdQuery = z.object({ accountId: Id });

/** A keyword engine's alerts (Siteseer's addition): where they go, a test, and what was delivered. */
export const alertContracts = {
  settings: defineCall({
    name: 'alerts.settings',
    method: 'GET',
    path: 'searchengines/:id/alerts',
    description:
      "A keyword engine's alerts: the webhook URL and e-mail addresses alerted when a crawl fails, " +
      'is held by the 10 % guard or ends with too many 4xx/5xx URLs, or when too many searches of ' +
      'the last 7 days find nothing; and those thresholds. The webhook secret is never shown here. ' +
      'For members of the engine’s account.',
    params: IdParams,
    query: AccountIdQuery,
    response: AlertSettings,
  }),
  update: defineCall({
    name: 'alerts.update',
    method: 'PUT',
    path: 'searchengines/:id/alerts',
    description:
      "Replaces a keyword engine's alert settings. A webhook URL must be http(s) on a public " +
      'address. The answer carries `webhookSecret` once, when the webhook gets its first secret or ' +
      '`rotateSecret` asks for a new one: each webhook body is signed with it (header ' +
      'Siteseer-Signature: t=<unix>,v1=<hex HMAC-SHA256 of "<t>.<body>">). For those who may edit the engine.',
    params: IdParams,
    body: AlertSettingsUpdate,
    response: AlertSettings,
  }),
  test: defineCall({
    name: 'alerts.test',
    method: 'POST',
    path: 'searchengines/:id/alerts/test',
    description:
      "Sends a test alert to the engine's webhook and e-mail addresses now (queued like every " +
      'alert: its delivery shows in the log). For those who may edit the engine.',
    params: IdParams,
    body: AccountIdQuery,
    response: AlertTestSent,
  }),
  deliveries: defineCall({
    name: 'alerts.deliveries',
    method: 'GET',
    path: 'searchengines/:id/alerts/deliveries',
    description:
      "The engine's latest 50 alert deliveries, newest first: event, channel, state, attempts, " +
      'the last HTTP status or error. For members of the engine’s account.',
    params: IdParams,
    query: AccountIdQuery,
    response: AlertDeliveries,
  }),
} as const;
