import { KeywordSettings, type SearchEngine } from '@siteseer/core';

/** Fields that only a keyword engine has: its sites and every crawler and wizard setting. */
const KEYWORD_ONLY: ReadonlySet<string> = new Set(['urls', ...Object.keys(KeywordSettings.shape)]);

/** Fields that only a parametric engine has: its current file. */
const PARAMETRIC_ONLY: ReadonlySet<string> = new Set(['searchEngineDetail', 'savedSpreadsheetId']);

/**
 * An engine as `--json` prints it: the fields every engine has, plus only those of its own type
 * (core's engine schema is one shape for both kinds, so a parametric engine read through it carries
 * the keyword defaults, and a keyword engine a null file).
 */
export function engineJson(engine: SearchEngine): Record<string, unknown> {
  const other = engine.searchEngineType === 'kw' ? PARAMETRIC_ONLY : KEYWORD_ONLY;
  return Object.fromEntries(Object.entries(engine).filter(([key]) => !other.has(key)));
}
