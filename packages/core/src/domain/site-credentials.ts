import { z } from 'zod';
import { Id } from './common.ts';

/**
 * How the crawler signs in to a site: HTTP Basic (user and password), one request header (e.g.
 * `Authorization: Bearer …`), or cookies (a session copied from a browser).
 */
export const SiteCredentialsKind = z.enum(['basic', 'header', 'cookie']);
export type SiteCredentialsKind = z.infer<typeof SiteCredentialsKind>;

/** The most cookies one site's sign-in sends. */
export const MAX_SIGN_IN_COOKIES = 20;

// RFC 9110's token: the characters of a header or cookie name.
const TOKEN = /^[!#$%&'*+\-.^_`|~0-9A-Za-z]+$/;
// A header value: visible characters, spaces and tabs; never a line break, which would start another header.
const HEADER_VALUE = /^[\t\x20-\x7e\x80-\uffff]*$/;
// A cookie value as browsers send one: no `;` (it ends the cookie), spaces at the ends or control characters.
const COOKIE_VALUE = /^[\x21-\x3a\x3c-\x7e\x80-\uffff]*$/;

/**
 * Headers the crawler sets itself or that the connection owns: a sign-in cannot replace them
 * (cookies are the `cookie` kind; Basic is the `basic` kind or an `Authorization` header).
 */
const RESERVED_HEADERS = new Set([
  'accept',
  'accept-encoding',
  'connection',
  'content-length',
  'cookie',
  'expect',
  'host',
  'if-modified-since',
  'if-none-match',
  'keep-alive',
  'proxy-authorization',
  'te',
  'trailer',
  'transfer-encoding',
  'upgrade',
  'user-agent',
]);

const HeaderName = z
  .string()
  .trim()
  .min(1, 'Enter the header name.')
  .max(100)
  .refine(
    (name) => TOKEN.test(name),
    'A header name has letters, digits and - _ . only (no spaces or colon).',
  )
  .refine((name) => !RESERVED_HEADERS.has(name.toLowerCase()), {
    error: (issue) =>
      `The crawler sets ${String(issue.input)} itself: use another header (cookies have their own kind).`,
  });

const HeaderValue = z
  .string()
  .trim()
  .min(1, 'Enter the header value.')
  .max(4096)
  .refine((value) => HEADER_VALUE.test(value), 'A header value is one line of text.');

/** One cookie sent to the site: `NAME=VALUE`. */
export const SignInCookie = z.object({
  name: z
    .string()
    .trim()
    .min(1)
    .max(256)
    .refine((name) => TOKEN.test(name), 'A cookie name has letters, digits and - _ . only.'),
  value: z
    .string()
    .trim()
    .max(4096)
    .refine((value) => COOKIE_VALUE.test(value), 'A cookie value has no spaces, semicolons or line breaks.'),
});
export type SignInCookie = z.infer<typeof SignInCookie>;

/** What a site's sign-in is, secrets included: what is sealed and stored, never answered. */
export const SiteSignIn = z.discriminatedUnion('kind', [
  z.object({
    kind: z.literal('basic'),
    user: z
      .string()
      .min(1, 'Enter the user name.')
      .max(256)
      .refine((user) => !user.includes(':'), 'An HTTP Basic user name has no colon.')
      .refine((user) => HEADER_VALUE.test(user), 'A user name is one line of text.'),
    password: z
      .string()
      .min(1, 'Enter the password.')
      .max(1024)
      .refine((password) => HEADER_VALUE.test(password), 'A password is one line of text.'),
  }),
  z.object({ kind: z.literal('header'), name: HeaderName, value: HeaderValue }),
  z.object({
    kind: z.literal('cookie'),
    cookies: z
      .array(SignInCookie)
      .min(1, 'Enter at least one cookie as NAME=VALUE.')
      .max(MAX_SIGN_IN_COOKIES, `At most ${MAX_SIGN_IN_COOKIES} cookies.`),
  }),
]);
export type SiteSignIn = z.infer<typeof SiteSignIn>;

const Site = z.string().trim().min(1).max(2048);

/** Body of `PUT datasource/crawler/credentials`: a start site's sign-in, replacing any it had. */
export const SetSiteCredentialsBody = z.object({
  accountId: Id,
  engineId: Id,
  site: Site,
  signIn: SiteSignIn,
});
export type SetSiteCredentialsBody = z.infer<typeof SetSiteCredentialsBody>;

/** Body of `DELETE datasource/crawler/credentials`: the site whose sign-in is removed. */
export const RemoveSiteCredentialsBody = z.object({ accountId: Id, engineId: Id, site: Site });
export type RemoveSiteCredentialsBody = z.infer<typeof RemoveSiteCredentialsBody>;

/** Query of `GET datasource/crawler/credentials`: the engine whose sites' sign-ins are listed. */
export const SiteCredentialsQuery = z.object({ accountId: Id, engineId: Id });
export type SiteCredentialsQuery = z.infer<typeof SiteCredentialsQuery>;

/**
 * A site's stored sign-in as every answer shows it: its kind and that it is set, with what names it
 * without a secret (the Basic user name, the header's name, the cookies' names). Never a password,
 * header value or cookie value.
 */
export const SiteCredentialsStatus = z.object({
  site: z.string(),
  kind: SiteCredentialsKind,
  set: z.literal(true),
  label: z.string(),
  updatedAt: z.string(),
});
export type SiteCredentialsStatus = z.infer<typeof SiteCredentialsStatus>;

/** Answer of `GET datasource/crawler/credentials`: the sites that have a sign-in. */
export const SiteCredentialsList = z.object({ credentials: z.array(SiteCredentialsStatus) });
export type SiteCredentialsList = z.infer<typeof SiteCredentialsList>;

/** Answer of `DELETE datasource/crawler/credentials`: whether the site had a sign-in to remove. */
export const SiteCredentialsRemoved = z.object({ site: z.string(), removed: z.boolean() });
export type SiteCredentialsRemoved = z.infer<typeof SiteCredentialsRemoved>;

/** What names a sign-in without its secret (SiteCredentialsStatus's `label`). */
export function signInLabel(signIn: SiteSignIn): string {
  if (signIn.kind === 'basic') return signIn.user;
  if (signIn.kind === 'header') return signIn.name;
  return signIn.cookies.map((cookie) => cookie.name).join(', ');
}

/**
 * Cookies written as a browser's Cookie header or a list of them (`NAME=VALUE; NAME2=VALUE2`); an
 * entry without `=` is an error naming it, so that a value is never mistaken for a name.
 */
export function parseCookieLine(
  text: string,
): { cookies: { name: string; value: string }[] } | { error: string } {
  const cookies: { name: string; value: string }[] = [];
  for (const part of text.split(';')) {
    const entry = part.trim();
    if (entry === '') continue;
    const equals = entry.indexOf('=');
    if (equals <= 0) return { error: 'Write each cookie as NAME=VALUE (several separated by ;).' };
    cookies.push({ name: entry.slice(0, equals).trim(), value: entry.slice(equals + 1).trim() });
  }
  return cookies.length === 0 ? { error: 'Enter at least one cookie as NAME=VALUE.' } : { cookies };
}

/** A header written as `NAME: VALUE`, or an error saying how to write it. */
export function parseHeaderLine(text: string): { name: string; value: string } | { error: string } {
  const colon = text.indexOf(':');
  if (colon <= 0) return { error: "Write the header as 'NAME: VALUE', e.g. 'Authorization: Bearer …'." };
  return { name: text.slice(0, colon).trim(), value: text.slice(colon + 1).trim() };
}
