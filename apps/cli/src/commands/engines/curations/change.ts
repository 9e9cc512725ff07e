import { type CurationChange, curate } from '@siteseer/core';
import { type ApiDeps, apiCommand, type ParseInput } from '../../../deps.ts';
import { AbortError, UsageError } from '../../../errors.ts';
import { argument, flag, optionalString } from '../../parse.ts';
import { resolveEngine } from '../resolve-engine.ts';
import { RANKING_OFF_HINT, readCurations, saveCurations } from './curations-of.ts';

/** What a change does: pin URLs, hide them, or remove them (or the whole entry). */
type ChangeKind = 'pin' | 'hide' | 'remove';

interface ChangeOptions {
  kind: ChangeKind;
  engine: string;
  account: string | undefined;
  query: string;
  urls: string[];
  /** Turn result ranking on too. */
  enable: boolean;
}

function urlsOf(value: unknown): string[] {
  const values = Array.isArray(value) ? value : value === undefined ? [] : [value];
  return values.map((url) => String(url).trim()).filter((url) => url !== '');
}

/** The parse of `pin`, `hide` or `remove`: ENGINE QUERY, then URLs (at least one, but for remove). */
function parseAs(kind: ChangeKind) {
  return (input: ParseInput): ChangeOptions => {
    const urls = urlsOf(input.args[2]);
    if (kind !== 'remove' && urls.length === 0) throw new UsageError('URL is required.');
    return {
      kind,
      engine: argument(input, 0, 'ENGINE'),
      account: optionalString(input, 'account'),
      query: argument(input, 1, 'QUERY').trim(),
      urls,
      enable: flag(input, 'enable'),
    };
  };
}

const VERBS: Record<ChangeKind, string> = { pin: 'Pinned', hide: 'Hid', remove: 'Removed' };

/**
 * Pins, hides or removes URLs of one query's curation and saves the engine's entries (core's
 * `curate`: a URL is pinned or hidden, never both; an emptied entry goes).
 */
async function run(deps: ApiDeps, options: ChangeOptions): Promise<void> {
  const { api, output } = deps;
  const found = await resolveEngine(api, options.engine, { account: options.account, auth: deps.auth });
  const curations = await readCurations(api, found);
  const change: CurationChange =
    options.kind === 'pin'
      ? { pin: options.urls }
      : options.kind === 'hide'
        ? { hide: options.urls }
        : { remove: options.urls };
  const result = curate(curations.entries, options.query, change);
  if (!result.ok) throw new AbortError(`'${options.query}': ${result.error}`);
  const enabled = curations.enabled || options.enable;
  await saveCurations(api, curations, { entries: result.value, enabled });
  const entry = result.value.find((e) => e.query.toLowerCase() === options.query.toLowerCase());
  if (output.json) {
    output.printJson({
      enabled,
      query: options.query,
      results: entry?.results ?? [],
      hidden: entry?.hidden ?? [],
    });
    return;
  }
  const what = options.urls.length > 0 ? options.urls.join(', ') : 'the entry';
  output.success(`${VERBS[options.kind]} ${what} for '${options.query}' on ${found.searchEngineName}.`);
  if (!enabled) output.warn(RANKING_OFF_HINT);
}

export const pin = apiCommand({ parse: parseAs('pin'), run });
export const hide = apiCommand({ parse: parseAs('hide'), run });
export const remove = apiCommand({ parse: parseAs('remove'), run });
