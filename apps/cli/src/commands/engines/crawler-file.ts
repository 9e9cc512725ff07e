import { CrawlerSettings } from '@siteseer/core';
import { UsageError } from '../../errors.ts';
import { readJsonFile } from './local-files.ts';

/** The crawler fields of a `--config` file, as core's CrawlerSettings parses them (defaults filled in). */
export type CrawlerFileSettings = CrawlerSettings;

/** Settings of a keyword engine made with no `--config`: the spec's defaults. */
export function defaultCrawlerSettings(): CrawlerFileSettings {
  return CrawlerSettings.parse({});
}

/**
 * Reads a crawler configuration JSON (any crawler field of the spec: pageLoadDelay, crawlFrequency,
 * contentTarget, excludeContentTargets, urlFilters, customTagsSelector, customTags..., and
 * Siteseer's ignoreParameters: query parameter names or `prefix*` patterns, and renderJavaScript). Unknown
 * fields and bad values are usage errors naming the field. A non-empty contentTarget or
 * excludeContentTargets turns its use flag on unless the file sets that flag itself.
 */
export async function readCrawlerFile(path: string): Promise<CrawlerFileSettings> {
  const json = await readJsonFile(path, UsageError);
  const parsed = CrawlerSettings.strict().safeParse(json);
  if (!parsed.success) {
    const problems = parsed.error.issues.slice(0, 5).map((issue) => {
      const field = issue.path.join('.');
      const keys = 'keys' in issue && Array.isArray(issue.keys) ? issue.keys.join(', ') : '';
      return `${field || keys || '(root)'}: ${issue.message}`;
    });
    throw new UsageError(`${path} has a bad crawler setting: ${problems.join('; ')}`);
  }
  const raw = json as Record<string, unknown>;
  const settings = parsed.data;
  return {
    ...settings,
    useContentTarget: 'useContentTarget' in raw ? settings.useContentTarget : settings.contentTarget !== '',
    useExcludeTarget:
      'useExcludeTarget' in raw ? settings.useExcludeTarget : settings.excludeContentTargets.length > 0,
  };
}
