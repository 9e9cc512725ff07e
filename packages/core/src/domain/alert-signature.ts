/**
 * The header every alert webhook carries: `t=<unix seconds>,v1=<hex HMAC-SHA256 of "<t>.<body>">`,
 * keyed with the engine's webhook secret (its UTF-8 bytes, `whsec_` prefix included). The timestamp
 * is signed with the body, so a receiver that refuses old timestamps refuses replays too.
 */
export const ALERT_SIGNATURE_HEADER = 'Siteseer-Signature';

/** How old a signature's timestamp may be when a receiver checks it (5 minutes). */
export const ALERT_SIGNATURE_TOLERANCE_SECONDS = 300;

const encoder = new TextEncoder();

async function hmacHex(secret: string, text: string): Promise<string> {
  const key = await crypto.subtle.importKey(
    'raw',
    encoder.encode(secret),
    { name: 'HMAC', hash: 'SHA-256' },
    false,
    ['sign'],
  );
  const mac = new Uint8Array(await crypto.subtle.sign('HMAC', key, encoder.encode(text)));
  return Array.from(mac, (byte) => byte.toString(16).padStart(2, '0')).join('');
}

/** The `Siteseer-Signature` value for `body` sent at `unixSeconds` (Web Crypto: browser and Node). */
export async function alertSignature(secret: string, body: string, unixSeconds: number): Promise<string> {
  return `t=${unixSeconds},v1=${await hmacHex(secret, `${unixSeconds}.${body}`)}`;
}

/** Compares without an early exit, so timing does not tell how much of a guess was right. */
function sameText(left: string, right: string): boolean {
  if (left.length !== right.length) return false;
  let difference = 0;
  for (let i = 0; i < left.length; i++) difference |= left.charCodeAt(i) ^ right.charCodeAt(i);
  return difference === 0;
}

/**
 * What a receiver runs on each alert: true when `header` signs the raw `body` with `secret` and its
 * timestamp is at most `toleranceSeconds` away from `nowSeconds` (a replay of an old alert fails).
 */
export async function verifyAlertSignature(input: {
  header: string | null | undefined;
  body: string;
  secret: string;
  nowSeconds?: number;
  toleranceSeconds?: number;
}): Promise<boolean> {
  const parts = new Map(
    (input.header ?? '').split(',').map((part) => {
      const at = part.indexOf('=');
      return [part.slice(0, at).trim(), part.slice(at + 1).trim()] as const;
    }),
  );
  const t = Number(parts.get('t'));
  const v1 = parts.get('v1');
  if (!Number.isInteger(t) || !v1) return false;
  const now = input.nowSeconds ?? Math.floor(Date.now() / 1000);
  if (Math.abs(now - t) > (input.toleranceSeconds ?? ALERT_SIGNATURE_TOLERANCE_SECONDS)) return false;
  return sameText(v1, await hmacHex(input.secret, `${t}.${input.body}`));
}
