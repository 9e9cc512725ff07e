import type { ProductCode } from '../constants.ts';
import { PRODUCT_LABELS } from '../constants.ts';

/** The columns the account list sorts by (spec 2.8: name, products and createdDate). */
export const ACCOUNT_SORT_KEYS = ['name', 'products', 'createdDate'] as const;
export type AccountSortKey = (typeof ACCOUNT_SORT_KEYS)[number];

/** How the account list is sorted. */
export interface AccountSort {
  by: AccountSortKey;
  direction: 'asc' | 'desc';
}

/** An account as far as the list is concerned. */
export interface AccountListSource {
  id: string;
  name: string;
  products: readonly ProductCode[];
  createdDate: string;
}

/** One row of the account list, as shown. */
export interface AccountListRow {
  id: string;
  name: string;
  /** The products' labels joined, e.g. 'Parametric, Keyword'. */
  productTypes: string;
  /** YYYY-MM-DD ('' when the timestamp is unreadable). */
  createdDate: string;
  /** The full timestamp in milliseconds, for sorting (NaN when unreadable). */
  createdTime: number;
}

/**
 * The day of a timestamp as YYYY-MM-DD, in UTC: the stored time is UTC, and the portal, CLI and
 * API then show the same day for the same account wherever they run. '' when unreadable.
 */
export function createdDay(iso: string): string {
  const time = Date.parse(iso);
  return Number.isNaN(time) ? '' : new Date(time).toISOString().slice(0, 10);
}

/** The 'Product Types' cell: the products' labels in the account's order, joined by ', '. */
export function productTypesText(products: readonly ProductCode[]): string {
  return products.map((product) => PRODUCT_LABELS[product]).join(', ');
}

const collator = new Intl.Collator('en', { sensitivity: 'accent', numeric: true });

function compareBy(by: AccountSortKey, a: AccountListRow, b: AccountListRow): number {
  if (by === 'createdDate') {
    const [ta, tb] = [a.createdTime, b.createdTime];
    // Unreadable dates sort after every readable one, whatever the direction.
    if (Number.isNaN(ta) || Number.isNaN(tb)) return 0;
    return ta - tb;
  }
  return collator.compare(by === 'name' ? a.name : a.productTypes, by === 'name' ? b.name : b.productTypes);
}

/**
 * The account list's rows, sorted. Ties fall back to the name, then the id, so the order never
 * depends on the order the server answered in. Rows with an unreadable date go last.
 */
export function accountListRows(accounts: readonly AccountListSource[], sort: AccountSort): AccountListRow[] {
  const rows = accounts.map((account) => ({
    id: account.id,
    name: account.name,
    productTypes: productTypesText(account.products),
    createdDate: createdDay(account.createdDate),
    createdTime: Date.parse(account.createdDate),
  }));
  const direction = sort.direction === 'asc' ? 1 : -1;
  return rows.sort((a, b) => {
    if (sort.by === 'createdDate') {
      const missing = Number(Number.isNaN(a.createdTime)) - Number(Number.isNaN(b.createdTime));
      if (missing !== 0) return missing;
    }
    return (
      direction * compareBy(sort.by, a, b) ||
      collator.compare(a.name, b.name) ||
      (a.id < b.id ? -1 : a.id > b.id ? 1 : 0)
    );
  });
}
