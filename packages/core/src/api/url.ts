/** Fills a path template's `:name` placeholders with URI-encoded values. */
export function fillPath(template: string, params: Readonly<Record<string, unknown>> | undefined): string {
  return template.replace(/:([A-Za-z_][A-Za-z0-9_]*)/g, (_placeholder, name: string) => {
    const value = params?.[name];
    if (value === undefined || value === null || value === '') {
      throw new TypeError(`Missing path parameter '${name}' for '${template}'`);
    }
    return encodeURIComponent(String(value));
  });
}

/**
 * Serializes a query object: `undefined` and `null` are left out, arrays become comma lists
 * (`engineIds=a,b`: each item URI-encoded, the commas kept), everything else is `String(value)`.
 * Returns `''` or `?...`.
 */
export function toQueryString(query: Readonly<Record<string, unknown>> | undefined): string {
  if (!query) return '';
  const pairs: string[] = [];
  for (const [key, value] of Object.entries(query)) {
    if (value === undefined || value === null) continue;
    const encoded = Array.isArray(value)
      ? value.map((item) => encodeURIComponent(String(item))).join(',')
      : encodeURIComponent(String(value));
    pairs.push(`${encodeURIComponent(key)}=${encoded}`);
  }
  return pairs.length === 0 ? '' : `?${pairs.join('&')}`;
}

/** Joins the API's base URL (with or without a trailing slash) and a relative path. */
export function joinUrl(baseUrl: string, path: string): string {
  return `${baseUrl.replace(/\/+$/, '')}/${path.replace(/^\/+/, '')}`;
}
