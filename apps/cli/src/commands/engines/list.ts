import {
  dashboardEngines,
  noEnginesMessage,
  PRODUCT_NAMES,
  type ProductCode,
  type SearchEngine,
  type SortBy,
  toProductCode,
} from '@siteseer/core';
import { type ApiDeps, apiCommand, type ParseInput } from '../../deps.ts';
import { UsageError } from '../../errors.ts';
import { expectOk } from '../../http/expect-ok.ts';
import { formatDate } from '../../output/format.ts';
import { findAccount } from '../accounts/resolve-account.ts';
import { flag, oneOf, optionalString } from '../parse.ts';
import { engineJson } from './engine-json.ts';

export interface ListOptions {
  type: ProductCode | undefined;
  account: string | undefined;
  sortBy: SortBy;
  ascending: boolean;
}

export function parse(input: ParseInput): ListOptions {
  const typeText = optionalString(input, 'type');
  const type = typeText === undefined ? undefined : toProductCode(typeText);
  if (typeText !== undefined && !type) {
    throw new UsageError(`--type must be parametric or keyword (got '${typeText}').`);
  }
  return {
    type,
    account: optionalString(input, 'account'),
    sortBy:
      oneOf(optionalString(input, 'sort'), ['alphabetical', 'creationDate'], '--sort') ?? 'alphabetical',
    ascending: !flag(input, 'desc'),
  };
}

/** What a row shows of an engine's data: the current file (parametric) or the sites (keyword). */
function sourceOf(engine: SearchEngine): string {
  if (engine.searchEngineType === 'kw') return engine.urls.join(', ');
  const detail = engine.searchEngineDetail;
  return detail ? `${detail.originalFileName} (v${detail.version})` : '';
}

/** The dashboard's list: visible engines of the user's accounts, filtered and sorted the same way. */
export async function run(deps: ApiDeps, options: ListOptions): Promise<void> {
  const { api, output } = deps;
  const [engines, accounts] = await Promise.all([
    api.engines.list(options.type ? { type: options.type } : {}).then((r) => expectOk(r, 'Listing engines')),
    api.profile.accounts().then((r) => expectOk(r, 'Listing your accounts')),
  ]);
  // An unknown --account is an error, not an empty list.
  const selected = options.account ? findAccount(accounts, options.account) : undefined;
  const shown = dashboardEngines(engines, accounts, {
    selectedAccountId: selected?.id ?? null,
    selectedProductType: options.type ?? null,
    sortBy: options.sortBy,
    ascending: options.ascending,
  });
  if (output.json) {
    output.printJson(shown.map(engineJson));
    return;
  }
  const accountNames = new Map(accounts.map((a) => [a.id, a.name]));
  output.table(
    ['ID', 'NAME', 'TYPE', 'ACCOUNT', 'CREATED', 'SOURCE'],
    shown.map((e) => [
      e.id,
      e.searchEngineName,
      PRODUCT_NAMES[e.searchEngineType],
      accountNames.get(e.accountId) ?? e.accountId,
      formatDate(e.createdDate),
      sourceOf(e),
    ]),
    options.type ? noEnginesMessage(PRODUCT_NAMES[options.type]) : 'No engines found',
  );
}

export const command = apiCommand({ parse, run });
