import type { InspectedRendering, UrlInspection } from '../domain/url-inspection.ts';

/*
 * Siteseer's URL inspector ("Why is this page not in my search?"): each step of an inspection in
 * words, once here for the portal's box on the crawl report and `siteseer crawl inspect`.
 */

/** One step of an inspection: its label and what came of it (null: the step was not reached). */
export type InspectionStep = readonly [label: string, text: string | null];

const yesNo = (value: boolean | null) => (value === null ? null : value ? 'yes' : 'no');

/** A UTC timestamp as YYYY-MM-DD HH:MM UTC. */
const utc = (iso: string) => `${iso.slice(0, 16).replace('T', ' ')} UTC`;

const RENDERING_TEXT: Readonly<Record<InspectedRendering, string>> = {
  off: 'off: read as fetched (the engine does not render JavaScript)',
  rendered: 'rendered in Chromium: read after its scripts ran',
  timeout: 'did not finish loading in the browser: not read',
  failed: 'the browser could not load it: not read',
  unavailable: 'not rendered: this server has no Chromium, so it was read as fetched',
};

/** The inspection's verdict: 'Indexable' or 'Not indexable'. */
export function inspectionVerdict(inspection: Pick<UrlInspection, 'indexable'>): string {
  return inspection.indexable ? 'Indexable' : 'Not indexable';
}

/** The steps of an inspection in the crawler's order, each as label and text. */
export function inspectionSteps(i: UrlInspection): InspectionStep[] {
  return [
    ['Scope', scopeText(i)],
    ['robots.txt', robotsText(i)],
    ['Fetch', fetchText(i)],
    ...i.redirects.map((hop): InspectionStep => ['Redirect', `${hop.status} ${hop.url} → ${hop.location}`]),
    ['Rendering', i.rendering === null ? null : RENDERING_TEXT[i.rendering]],
    ['Canonical', i.canonical],
    ['Noindex', noindexText(i)],
    ['Nofollow', yesNo(i.nofollow)],
    ['Content', contentText(i)],
    ['Title', i.title],
    ['Words', i.wordCount === null ? null : i.wordCount.toLocaleString('en-US')],
    ['Excerpt', i.excerpt],
    ['Duplicate of', i.duplicateOf],
    ['Published', publishedText(i)],
  ];
}

function scopeText({ scope }: UrlInspection): string {
  if (!scope.inScope)
    return scope.filter ? `left out by the URL filter ${scope.filter}` : 'outside the crawl';
  const filter = scope.filter ? `, URL filter ${scope.filter}` : '';
  return `in the crawl (site ${scope.site ?? '?'}${filter})`;
}

function robotsText({ robots }: UrlInspection): string | null {
  if (robots === null) return null;
  const verdict = robots.allowed ? 'allowed' : 'disallowed';
  if (robots.rule !== null) return `${verdict} by line ${robots.line}: ${robots.rule}`;
  if (robots.state === 'absent') return `${verdict} (no robots.txt)`;
  if (robots.state === 'unreachable') return `${verdict} (robots.txt could not be read)`;
  return `${verdict} (no rule matches)`;
}

function fetchText(i: UrlInspection): string {
  if (!i.fetched) return 'not fetched';
  if (i.fetchError !== null) return `failed: ${i.fetchError}`;
  return [`HTTP ${i.status}`, i.contentType].filter((part) => part !== null).join(', ');
}

function noindexText(i: UrlInspection): string | null {
  if (!i.noindex) return yesNo(i.noindex);
  return `yes (${i.noindexSource === 'header' ? 'X-Robots-Tag header' : 'robots meta tag'})`;
}

function contentText(i: UrlInspection): string {
  const target = i.contentTarget === '' ? 'the whole page' : `target ${i.contentTarget}`;
  return i.excludeTargets.length === 0 ? target : `${target}, excluding ${i.excludeTargets.join(', ')}`;
}

function publishedText(i: UrlInspection): string {
  const page = i.publication;
  if (!i.inPublishedCrawl || page === null) return 'no';
  const position =
    page.query === ''
      ? 'no title to search for'
      : page.position === null
        ? `not in the first 100 results for "${page.query}"`
        : `position ${page.position} for "${page.query}"`;
  return `yes, as ${page.url} since ${utc(page.since)}; ${position}`;
}
