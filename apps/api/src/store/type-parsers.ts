import { parsePgArray } from './pg-array.ts';

/**
 * One set of text-format parsers, keyed by type OID, given to both drivers (PGlite's `parsers`
 * option, the pg pool's `types`), so a row reads the same whichever database the API runs on.
 * Types not listed come back as the text PostgreSQL prints.
 */
type TextParser = (value: string) => unknown;

const identity: TextParser = (value) => value;

/** Number for int8 values, refusing the ones a JavaScript number would silently round. */
export function parseInt8(value: string): number {
  const n = Number(value);
  if (!Number.isSafeInteger(n)) {
    throw new RangeError(
      `int8 value ${value} is beyond JavaScript's safe integer range; select it as text (::text) to read it exactly`,
    );
  }
  return n;
}

// ISO DateStyle output: `2020-01-02 03:04:05.123456+05:30`, offsets may carry seconds, years may be BC.
const timestampPattern =
  /^(\d{4,})-(\d\d)-(\d\d)[ T](\d\d):(\d\d):(\d\d)(?:\.(\d{1,9}))?(?:([+-])(\d\d)(?::?(\d\d))?(?::?(\d\d))?|Z)?( BC)?$/;

// Infinity has no Date; the largest representable Dates keep ordering comparisons right.
const maxDateMs = 8.64e15;

/** Date for timestamp and timestamptz text; a timestamp without zone is read as UTC, as PGlite does. */
export function parseTimestamp(value: string): Date {
  if (value === 'infinity') return new Date(maxDateMs);
  if (value === '-infinity') return new Date(-maxDateMs);
  const m = timestampPattern.exec(value);
  if (!m) {
    throw new SyntaxError(`Cannot read timestamp "${value}": the store expects DateStyle ISO`);
  }
  const [, y, mo, d, h, mi, s, fraction, sign, oh, om, os, bc] = m;
  const year = bc ? 1 - Number(y) : Number(y);
  const ms = fraction ? Number(fraction.slice(0, 3).padEnd(3, '0')) : 0;
  const date = new Date(Date.UTC(2000, 0, 1, Number(h), Number(mi), Number(s), ms));
  // setUTCFullYear, unlike Date.UTC, does not map years 0–99 to 1900–1999.
  date.setUTCFullYear(year, Number(mo) - 1, Number(d));
  if (sign) {
    const offsetMs = ((Number(oh) * 60 + Number(om ?? 0)) * 60 + Number(os ?? 0)) * 1000;
    return new Date(date.getTime() - (sign === '+' ? offsetMs : -offsetMs));
  }
  return date;
}

/** Uint8Array for bytea in PostgreSQL's default hex output (`\x0102`). */
export function parseBytea(value: string): Uint8Array {
  if (!value.startsWith('\\x')) {
    throw new SyntaxError('Cannot read bytea: the store expects bytea_output = hex');
  }
  // A copy, not a view on Buffer's shared pool, so posting it across threads copies only its bytes.
  return new Uint8Array(Buffer.from(value.slice(2), 'hex'));
}

const scalarParsers: Record<number, TextParser> = {
  16: (value) => value === 't', // bool
  20: parseInt8,
  21: Number, // int2
  23: Number, // int4
  26: Number, // oid
  700: Number, // float4 ('NaN' and 'Infinity' included)
  701: Number, // float8
  1700: identity, // numeric: a string, since a number would round it
  1082: identity, // date: 'YYYY-MM-DD', since a Date would need a time zone it doesn't have
  1114: parseTimestamp,
  1184: parseTimestamp,
  17: parseBytea,
  114: JSON.parse, // json
  3802: JSON.parse, // jsonb
};

/** Array type OID → element type OID, for the arrays the pg driver must parse like PGlite does. */
const arrayElements: Record<number, number> = {
  1000: 16,
  1016: 20,
  1005: 21,
  1007: 23,
  1028: 26,
  1021: 700,
  1022: 701,
  1231: 1700,
  1182: 1082,
  1115: 1114,
  1185: 1184,
  1001: 17,
  199: 114,
  3807: 3802,
  1009: 25, // text
  1015: 1043, // varchar
  1014: 1042, // bpchar
  1002: 18, // char
  1003: 19, // name
  2951: 2950, // uuid
  1187: 1186, // interval
  1183: 1083, // time
  1270: 1266, // timetz
};

/** Parsers for PGlite's `parsers` option; PGlite derives its array parsers from these itself. */
export const pgliteParsers: Record<number, (value: string, typeId?: number) => unknown> = scalarParsers;

/** The pg driver's `types.getTypeParser`: ours for the listed types, the raw text otherwise. */
export function getPgTypeParser(oid: number, format?: string): TextParser {
  if (format === 'binary') {
    throw new Error('The store reads text-format results only');
  }
  const scalar = scalarParsers[oid];
  if (scalar) return scalar;
  const elementOid = arrayElements[oid];
  if (elementOid === undefined) return identity;
  const element = scalarParsers[elementOid] ?? identity;
  return (value) => parsePgArray(value, element);
}
