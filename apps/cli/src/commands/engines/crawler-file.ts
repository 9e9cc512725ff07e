import { readFile } from 'node:fs/promises';
import { CrawlerSettings } from '@siteseer/core';
import { UsageError } from '../../errors.ts';

/** The crawler fields of a `--config` file, as core's CrawlerSettings parses them (defaults filled in). */
export type CrawlerFileSettings = CrawlerSettings;

/** Settings of a keyword engine made with no `--config`: the spec's defaults. */
export function defaultCrawlerSettings(): CrawlerFileSettings {
  return CrawlerSettings.parse({});
}

/**
 * Reads a crawler configuration JSON (any crawler field of the spec: pageLoadDelay, crawlFrequency,
 * contentTarget, excludeContentTargets, urlFilters, customTagsSelector, customTags...). Unknown
 * fields and bad values are usage errors naming the field. A non-empty contentTarget or
 * excludeContentTargets turns its use flag on unless the file sets that flag itself.
 */
export async function readCrawlerFile(path: string): Promise<CrawlerFileSettings> {
  let text: string;
  try {
    text = await readFile(path, 'utf8');
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') throw new UsageError(`No such file: ${path}`);
    throw error;
  }
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch (error) {
    if (!(error instanceof SyntaxError)) throw error;
    throw new UsageError(`${path} is not valid JSON: ${error.message}`);
  }
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
