import { MESSAGES } from './messages.ts';

const SCHEME = /^([a-z][a-z0-9+.-]*):\/\//i;
const LABEL = /^(?!-)[a-z0-9-]{1,63}(?<!-)$/;
const IPV4 = /^\d{1,3}(\.\d{1,3}){3}$/;

/**
 * Parses a site URL as the crawler step accepts it, or returns undefined. Valid means:
 * - surrounding whitespace ignored, none inside;
 * - the protocol is optional and defaults to https; when given it must be http:// or https://;
 * - the host is `localhost`, an IPv4 address, an IPv6 address in brackets (`[2001:db8::1]`, as
 *   URLs write it; Siteseer's addition: the spec only says "a valid URL"), or a domain name of at
 *   least two dot-separated labels (letters, digits, inner hyphens; international names are
 *   accepted in their punycode form); single-label intranet names are refused. Which addresses the
 *   crawler may reach is the crawler's address policy, for IPv6 as for IPv4;
 * - no user name or password; port, path, query and fragment are optional.
 */
export function parseSiteUrl(input: string): URL | undefined {
  const text = input.trim();
  if (text === '' || /\s/.test(text)) return undefined;
  const scheme = SCHEME.exec(text)?.[1]?.toLowerCase();
  if (scheme !== undefined && scheme !== 'http' && scheme !== 'https') return undefined;
  if (!URL.canParse(scheme ? text : `https://${text}`)) return undefined;
  const url = new URL(scheme ? text : `https://${text}`);
  if (url.username !== '' || url.password !== '') return undefined;
  return isSiteHost(url.hostname) ? url : undefined;
}

function isSiteHost(hostname: string): boolean {
  // The URL parser has checked a bracketed IPv6 address already (and written it in its short form).
  if (hostname === 'localhost' || IPV4.test(hostname) || hostname.startsWith('[')) return true;
  const labels = hostname.split('.');
  const tld = labels.at(-1) ?? '';
  return labels.length >= 2 && labels.every((label) => LABEL.test(label)) && !/^\d+$/.test(tld);
}

/** Whether the text is a valid site URL (see parseSiteUrl for what valid means). */
export function isValidSiteUrl(input: string): boolean {
  return parseSiteUrl(input) !== undefined;
}

/** The message for the URL being typed, checked on input; nothing typed yet is not an error. */
export function validateSiteUrlInput(input: string): string | undefined {
  return input.trim() === '' || isValidSiteUrl(input) ? undefined : MESSAGES.invalidUrl;
}

/**
 * The URL the crawler fetches: protocol added (https) and host lowercased. Two entries with the same
 * crawl URL are duplicates ('Example.com' and 'https://example.com/' are one site; http and https
 * are two). Undefined when the text is not a valid site URL.
 */
export function toCrawlUrl(input: string): string | undefined {
  return parseSiteUrl(input)?.href;
}
