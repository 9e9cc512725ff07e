import { createHmac, createSecretKey, type KeyObject, randomBytes } from 'node:crypto';
import { DAY_MS } from '@siteseer/core';
import { deleteVisitorSaltsBefore, findSecret, getOrCreateSecret } from '../repositories/secrets.ts';
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
/**
 * Ids worked out today kept at most: forgotten when full and when the day changes. In memory only,
 * like the request that carried the address.
 */
const KNOWN_VISITORS = 10_000;

/** Who a visitor is, as a search or click request tells it. */
export interface Visitor {
  clientId: string;
  ip: string;
  userAgent: string;
}

/**
 * Who searched, as analytics count visitors: an HMAC-SHA256 of client, address and user agent under
 * the day's salt, 16 hex characters. The same visitor of the same client is one id within a UTC
 * day and unrelated ids across days and clients; the address is not stored anywhere. One per app
 * (its state): it keeps the day's salt and the ids worked out today, so a visitor's next searches
 * of the day skip the HMAC.
 */
export class VisitorIds {
  readonly #store: Store;
  /** The salt of one day, as a key object; a failed read is forgotten and tried again. */
  #salt: { day: string; salt: Promise<KeyObject> } | undefined;
  /** Ids worked out on `day` (days since 1970, UTC), by client, address and user agent. */
  #known: { day: number; ids: Map<string, string> } | undefined;

  constructor(store: Store) {
    this.#store = store;
  }

  /**
   * Today's salt, read or made (once for all processes), with the salts of the days before
   * yesterday deleted. The app loads it at start, so a search waits for the database at most once
   * a day.
   */
  async load(now: Date = new Date()): Promise<void> {
    await this.#daySalt(now.toISOString().slice(0, 10));
  }

  /** The visitor's id on the day of `now`: at once when known today, else once the salt is read. */
  of(visitor: Visitor, now: Date = new Date()): string | Promise<string> {
    const day = Math.floor(now.getTime() / DAY_MS);
    let today = this.#known;
    if (today?.day !== day) {
      today = { day, ids: new Map() };
      this.#known = today;
    }
    const who = `${visitor.clientId}\n${visitor.ip}\n${visitor.userAgent}`;
    // Known: at once, without a promise (this runs for every search).
    return today.ids.get(who) ?? this.#workOut(today.ids, who, now);
  }

  async #workOut(ids: Map<string, string>, who: string, now: Date): Promise<string> {
    const salt = await this.#daySalt(now.toISOString().slice(0, 10));
    const id = createHmac('sha256', salt).update(who).digest('hex').slice(0, VISITOR_ID_HEX);
    if (ids.size >= KNOWN_VISITORS) ids.clear();
    ids.set(who, id);
    return id;
  }

  /** The salt of a UTC day: the same in every process sharing the database, new every day. */
  #daySalt(day: string): Promise<KeyObject> {
    if (this.#salt?.day === day) return this.#salt.salt;
    const salt = readDaySalt(this.#store, day);
    this.#salt = { day, salt };
    // A failed read is tried again by the next search rather than remembered.
    salt.catch(() => {
      if (this.#salt?.salt === salt) this.#salt = undefined;
    });
    return salt;
  }
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
export function deleteOldVisitorSalts(db: Queryable, now: Date): Promise<number> {
  const yesterday = new Date(now.getTime() - DAY_MS).toISOString().slice(0, 10);
  return deleteVisitorSaltsBefore(db, `${SALT_SECRET}${yesterday}`, RETIRED_KEY_SECRET);
}

/**
 * A new day's salt: random; but on the day a server still holding the retired key upgrades, that
 * day's salt as the key gave it, so the day's visitors keep their ids (else each would count twice
 * in that day's unique visitors). The key is deleted right after.
 */
async function firstSalt(store: Store, day: string): Promise<string> {
  const key = await findSecret<unknown>(store, RETIRED_KEY_SECRET);
  if (typeof key !== 'string') return randomBytes(32).toString('base64');
  return createHmac('sha256', Buffer.from(key, 'base64')).update(`visitor-salt:${day}`).digest('base64');
}
