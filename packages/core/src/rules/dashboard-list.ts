import type { ProductCode, SortBy } from '../constants.ts';
import { toProductCode } from '../constants.ts';
import type { DashboardQueryOptions } from '../domain/dashboard.ts';

/** An engine as the dashboard list reads it; the fields may be missing on malformed list entries. */
export interface DashboardEngine {
  id?: string | null;
  accountId?: string | null;
  searchEngineName?: string | null;
  searchEngineType: string;
  createdDate?: string | null;
}

const present = (value: string | null | undefined): value is string => !!value && value.trim() !== '';

/**
 * The engines the dashboard may show: those with an account id, an id and a name (blank counts as
 * missing) whose account is one of the user's accounts (the profile's list, which for a super admin
 * is what the server grants).
 */
export function visibleEngines<E extends DashboardEngine>(
  engines: readonly E[],
  accounts: readonly { id: string }[],
): E[] {
  const accountIds = new Set(accounts.map((account) => account.id));
  return engines.filter(
    (engine) =>
      present(engine.id) &&
      present(engine.searchEngineName) &&
      present(engine.accountId) &&
      accountIds.has(engine.accountId),
  );
}

/** Engines of one type (either spelling of the type), or all when the filter is null. */
export function filterEnginesByType<E extends DashboardEngine>(
  engines: readonly E[],
  type: ProductCode | null,
): E[] {
  return type === null
    ? [...engines]
    : engines.filter((engine) => toProductCode(engine.searchEngineType) === type);
}

/** Engines of one account, or all when the filter is null ('All Accounts'). */
export function filterEnginesByAccount<E extends DashboardEngine>(
  engines: readonly E[],
  accountId: string | null,
): E[] {
  return accountId === null ? [...engines] : engines.filter((engine) => engine.accountId === accountId);
}

// Case-insensitive but accent-aware, with numbers in numeric order ('Engine 2' before 'Engine 10');
// a fixed locale keeps the order the same in every browser and on the server.
const collator = new Intl.Collator('en', { sensitivity: 'accent', numeric: true });

function createdTime(engine: DashboardEngine): number {
  return engine.createdDate ? Date.parse(engine.createdDate) : Number.NaN;
}

/**
 * Sorts engines alphabetically by name or by creation date, ascending or descending. Stable: equal
 * keys keep their order in either direction. Engines without a readable creation date go last.
 */
export function sortEngines<E extends DashboardEngine>(
  engines: readonly E[],
  sortBy: SortBy,
  ascending: boolean,
): E[] {
  const direction = ascending ? 1 : -1;
  if (sortBy === 'alphabetical') {
    return [...engines].sort(
      (a, b) => direction * collator.compare(a.searchEngineName ?? '', b.searchEngineName ?? ''),
    );
  }
  return [...engines].sort((a, b) => {
    const [ta, tb] = [createdTime(a), createdTime(b)];
    if (Number.isNaN(ta) || Number.isNaN(tb)) return Number(Number.isNaN(ta)) - Number(Number.isNaN(tb));
    return direction * (ta - tb);
  });
}

/** The dashboard list: visible engines, filtered by type and account, sorted as chosen. */
export function dashboardEngines<E extends DashboardEngine>(
  engines: readonly E[],
  accounts: readonly { id: string }[],
  options: DashboardQueryOptions,
): E[] {
  const byType = filterEnginesByType(visibleEngines(engines, accounts), options.selectedProductType);
  return sortEngines(
    filterEnginesByAccount(byType, options.selectedAccountId),
    options.sortBy,
    options.ascending,
  );
}
