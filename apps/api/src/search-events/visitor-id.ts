import { createHmac, createSecretKey, type KeyObject, randomBytes } from 'node:crypto';
import { DAY_MS } from '@siteseer/core';
import { getOrCreateSecret } from '../repositories/secrets.ts';
import type { Store } from '../store/types.ts';

/** The server secret the daily salts are derived from (table server_secrets). */
const KEY_SECRET = 'visitor-id-key';
const VISITOR_ID_HEX = 16;

/** Per store, like the search caches: tests run several API instances, each on its own database. */
const keys = new WeakMap<Store, Promise<Buffer>>();
/** The day's salt as a key object: made once a day, not by every search's HMAC. */
const salts = new WeakMap<Store, { day: string; salt: KeyObject }>();
/**
 * Ids worked out today, by client, address and user agent: a visitor's next searches of the day
 * skip the HMAC. In memory only, like the request that carried the address; at most
 * KNOWN_VISITORS, forgotten when full and when the day changes.
 */
const KNOWN_VISITORS = 10_000;
interface Known {
  /** Days since 1970 (UTC). */
  day: number;
  ids: Map<string, string>;
}
const known = new WeakMap<Store, Known>();

/**
 * The key of `store`'s visitor ids, read (or made, once for all processes) on first use and then
 * kept: the app loads it at start, so a search never waits for the database for it.
 */
export function loadVisitorKey(store: Store): Promise<Buffer> {
  let key = keys.get(store);
  if (!key) {
    key = getOrCreateSecret(store, KEY_SECRET, () => randomBytes(32).toString('base64')).then((value) =>
      Buffer.from(value, 'base64'),
    );
    // A failed read is tried again by the next search rather than remembered.
    const loading = key;
    loading.catch(() => {
      if (keys.get(store) === loading) keys.delete(store);
    });
    keys.set(store, loading);
  }
  return key;
}

/** The salt of a UTC day: the same in every process sharing the database, new every day. */
async function daySalt(store: Store, day: string): Promise<KeyObject> {
  const cached = salts.get(store);
  if (cached?.day === day) return cached.salt;
  const salt = createSecretKey(
    createHmac('sha256', await loadVisitorKey(store))
      .update(`visitor-salt:${day}`)
      .digest(),
  );
  salts.set(store, { day, salt });
  return salt;
}

/**
 * Who searched, as analytics count visitors: an HMAC-SHA256 of client, address and user agent under
 * the day's salt, 16 hex characters. The same visitor of the same client is one id within a UTC
 * day and unrelated ids across days and clients; the address is not stored anywhere.
 */
export function visitorId(
  store: Store,
  visitor: { clientId: string; ip: string; userAgent: string },
  now: Date = new Date(),
): string | Promise<string> {
  const day = Math.floor(now.getTime() / DAY_MS);
  let today = known.get(store);
  if (today?.day !== day) {
    today = { day, ids: new Map() };
    known.set(store, today);
  }
  const who = `${visitor.clientId}\n${visitor.ip}\n${visitor.userAgent}`;
  // Known: at once, without a promise (this runs for every search).
  return today.ids.get(who) ?? workOut(store, today, who, now);
}

async function workOut(store: Store, today: Known, who: string, now: Date): Promise<string> {
  const salt = await daySalt(store, now.toISOString().slice(0, 10));
  const id = createHmac('sha256', salt).update(who).digest('hex').slice(0, VISITOR_ID_HEX);
  if (today.ids.size >= KNOWN_VISITORS) today.ids.clear();
  today.ids.set(who, id);
  return id;
}
