import { createHmac, createSecretKey, type KeyObject, randomBytes } from 'node:crypto';
import { DAY_MS } from '@siteseer/core';
import { getOrCreateSecret } from '../repositories/secrets.ts';
import type { Queryable, Store } from '../store/types.ts';

/**
 * The salt of each UTC day is random, made once for all processes (table server_secrets, name
 * `visitor-salt:YYYY-MM-DD`) and deleted two days later: once it is gone, no one, not even with the
 * database, can tell which address and user agent an old visitor id was made from (IPv4 addresses
 * are few enough to try them all against a salt that could be worked out again). Yesterday's salt
 * is kept for a process whose clock is a little behind.
 */
const SALT_SECRET = 'visitor-salt:';
/** The key the salts were once derived from, for ever: deleted with the old salts. */
const RETIRED_KEY_SECRET = 'visitor-id-key';
const VISITOR_ID_HEX = 16;

/** The day's salt as a key object, per store (tests run several API instances, each on its own database). */
const salts = new WeakMap<Store, { day: string; salt: Promise<KeyObject> }>();
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
 * Today's salt, read or made (once for all processes), with the salts of the days before yesterday
 * deleted. The app loads it at start, so a search waits for the database at most once a day.
 */
export async function loadVisitorKey(store: Store, now: Date = new Date()): Promise<void> {
  await daySalt(store, now.toISOString().slice(0, 10));
}

/** The salt of a UTC day: the same in every process sharing the database, new every day. */
function daySalt(store: Store, day: string): Promise<KeyObject> {
  const cached = salts.get(store);
  if (cached?.day === day) return cached.salt;
  const salt = readDaySalt(store, day);
  salts.set(store, { day, salt });
  // A failed read is tried again by the next search rather than remembered.
  salt.catch(() => {
    if (salts.get(store)?.salt === salt) salts.delete(store);
  });
  return salt;
}

async function readDaySalt(store: Store, day: string): Promise<KeyObject> {
  const value = await getOrCreateSecret(store, `${SALT_SECRET}${day}`, () => firstSalt(store, day));
  await deleteOldVisitorSalts(store, new Date(`${day}T00:00:00Z`));
  return createSecretKey(Buffer.from(value, 'base64'));
}

/**
 * Deletes the salts of the days before yesterday (UTC, as of `now`), and the retired key. Run when
 * a day's salt is first read, and hourly by analytics retention: a site searched no more would
 * otherwise keep its last day's salt until its next search.
 */
export async function deleteOldVisitorSalts(db: Queryable, now: Date): Promise<number> {
  const yesterday = new Date(now.getTime() - DAY_MS).toISOString().slice(0, 10);
  const { rowCount } = await db.query(
    `DELETE FROM server_secrets
     WHERE (name LIKE 'visitor-salt:%' AND name < $1) OR name = $2`,
    [`${SALT_SECRET}${yesterday}`, RETIRED_KEY_SECRET],
  );
  return rowCount;
}

/**
 * A new day's salt: random; but on the day a server still holding the retired key upgrades, that
 * day's salt as the key gave it, so the day's visitors keep their ids (else each would count twice
 * in that day's unique visitors). The key is deleted right after.
 */
async function firstSalt(store: Store, day: string): Promise<string> {
  const { rows } = await store.query<{ value: string }>('SELECT value FROM server_secrets WHERE name = $1', [
    RETIRED_KEY_SECRET,
  ]);
  const key = rows[0]?.value;
  if (typeof key !== 'string') return randomBytes(32).toString('base64');
  return createHmac('sha256', Buffer.from(key, 'base64')).update(`visitor-salt:${day}`).digest('base64');
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
