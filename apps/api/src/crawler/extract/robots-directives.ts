/** The token robots directives address Siteseer's crawler by (`<meta name=siteseerbot>`). */
export const CRAWLER_TOKEN = 'siteseerbot';

/** What a page's robots directives allow: index its text, follow its links. */
export interface RobotsDirectives {
  noindex: boolean;
  nofollow: boolean;
}

/**
 * Directives whose value holds a colon (`unavailable_after: 25 Jun 2010`): their name is not a
 * crawler's token.
 */
const VALUED = new Set(['unavailable_after', 'max-snippet', 'max-image-preview', 'max-video-preview']);
const SCOPED = /^\s*([a-z0-9_-]+)\s*:\s*(.*)$/i;

/** Adds the directives of one list (`noindex, nofollow`; `none` is both) to `into`. */
export function applyDirectives(into: RobotsDirectives, list: string): void {
  for (const raw of list.split(',')) applyDirective(into, raw.trim().toLowerCase());
}

function applyDirective(into: RobotsDirectives, directive: string): void {
  if (directive === 'noindex' || directive === 'none') into.noindex = true;
  if (directive === 'nofollow' || directive === 'none') into.nofollow = true;
}

/**
 * Adds the directives of `X-Robots-Tag` header lines that address every crawler or ours. A crawler's
 * token before a colon scopes the rest of its line (`otherbot: noindex, nofollow` is all for
 * otherbot), until another token; each line starts unscoped again.
 */
export function applyRobotsHeader(into: RobotsDirectives, lines: readonly string[]): void {
  for (const line of lines) {
    let forUs = true;
    for (const raw of line.split(',')) {
      let directive = raw.trim().toLowerCase();
      const scoped = SCOPED.exec(directive);
      if (scoped && !VALUED.has(scoped[1] as string)) {
        forUs = scoped[1] === CRAWLER_TOKEN;
        directive = (scoped[2] as string).trim();
      }
      if (forUs) applyDirective(into, directive);
    }
  }
}
