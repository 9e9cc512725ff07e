import { BlockedTerm, SUGGESTION_VISITORS_MAX, type SuggestionSettings } from '@siteseer/core';
import { type ApiDeps, apiCommand, type ParseInput } from '../../deps.ts';
import { UsageError } from '../../errors.ts';
import { expectOk } from '../../http/expect-ok.ts';
import { argument, oneOf, optionalString } from '../parse.ts';
import { resolveEngine } from './resolve-engine.ts';

const ACTIONS = ['list', 'block', 'unblock'] as const;

export interface SuggestionsOptions {
  engine: string;
  account: string | undefined;
  action: (typeof ACTIONS)[number];
  /** The terms to block or unblock, as the server stores them (lower case, one space apart). */
  terms: string[];
  /** A new minimum of distinct visitors, when given. */
  minVisitors: number | undefined;
}

function minVisitorsOf(input: ParseInput): number | undefined {
  const text = optionalString(input, 'minVisitors')?.trim();
  if (text === undefined) return undefined;
  const value = Number(text);
  if (!/^\d+$/.test(text) || value < 1 || value > SUGGESTION_VISITORS_MAX) {
    throw new UsageError(
      `--min-visitors must be a whole number from 1 to ${SUGGESTION_VISITORS_MAX} (got '${text}').`,
    );
  }
  return value;
}

export function parse(input: ParseInput): SuggestionsOptions {
  const action = oneOf(input.args[1] as string | undefined, ACTIONS, 'ACTION') ?? 'list';
  const raw = Array.isArray(input.args[2]) ? (input.args[2] as unknown[]) : [];
  const terms = raw.map((term) => {
    const parsed = BlockedTerm.safeParse(term);
    if (!parsed.success)
      throw new UsageError(parsed.error.issues[0]?.message ?? `'${String(term)}' is not a term.`);
    return parsed.data;
  });
  if (action !== 'list' && terms.length === 0) throw new UsageError(`TERM is required: what to ${action}.`);
  if (action === 'list' && terms.length > 0) throw new UsageError('list takes no TERM.');
  return {
    engine: argument(input, 0, 'ENGINE'),
    account: optionalString(input, 'account'),
    action,
    terms,
    minVisitors: minVisitorsOf(input),
  };
}

/** The settings after the action: terms added (once each, in order) or taken out, and the minimum. */
export function changed(settings: SuggestionSettings, options: SuggestionsOptions): SuggestionSettings {
  const blockedTerms =
    options.action === 'block'
      ? [...new Set([...settings.blockedTerms, ...options.terms])]
      : options.action === 'unblock'
        ? settings.blockedTerms.filter((term) => !options.terms.includes(term))
        : settings.blockedTerms;
  return { minVisitors: options.minVisitors ?? settings.minVisitors, blockedTerms };
}

/**
 * `engines suggestions ENGINE [list|block|unblock] [TERM...]`: a keyword engine's query suggestion
 * settings (the wizard's Influence step): the terms no suggestion may hold, and how many distinct
 * visitors a query needs before it is suggested. Prints the settings as saved.
 */
export async function run(deps: ApiDeps, options: SuggestionsOptions): Promise<void> {
  const { api, output } = deps;
  const engine = await resolveEngine(api, options.engine, { account: options.account, auth: deps.auth });
  if (engine.searchEngineType !== 'kw')
    throw new UsageError(`${engine.searchEngineName} is not a keyword engine.`);
  const ids = { accountId: engine.accountId };
  let settings = expectOk(
    await api.engines.suggestionSettings(engine.id, ids),
    'Reading the suggestion settings',
  );
  const next = changed(settings, options);
  const write = options.action !== 'list' || options.minVisitors !== undefined;
  if (write) {
    settings = expectOk(
      await api.engines.updateSuggestionSettings(engine.id, { ...ids, ...next }),
      'Saving the suggestion settings',
    );
  }
  if (output.json) {
    output.printJson(settings);
    return;
  }
  if (options.action === 'block')
    output.success(`Blocked in the suggestions of ${engine.searchEngineName}: ${options.terms.join(', ')}.`);
  if (options.action === 'unblock')
    output.success(
      `Unblocked in the suggestions of ${engine.searchEngineName}: ${options.terms.join(', ')}.`,
    );
  output.details([
    ['Minimum visitors', settings.minVisitors],
    ['Blocked terms', settings.blockedTerms.length === 0 ? '(none)' : settings.blockedTerms.join(', ')],
  ]);
}

export const command = apiCommand({ parse, run });
