import type { ProductCode } from '@siteseer/core';
import type { PendingUser } from './pending-users.ts';

/** What the account screens edit before Save: the name, the products and the users added locally. */
export interface AccountDraft {
  name: string;
  products: ProductCode[];
  pending: PendingUser[];
}

/** The saved state the draft is compared with (undefined while creating an account). */
export interface SavedAccount {
  name: string;
  products: readonly ProductCode[];
}

/** A draft with nothing changed yet (an empty one for a new account). */
export function draftOf(saved: SavedAccount | undefined): AccountDraft {
  return { name: saved?.name ?? '', products: [...(saved?.products ?? [])], pending: [] };
}

function sameProducts(a: readonly ProductCode[], b: readonly ProductCode[]): boolean {
  return a.length === b.length && a.every((product) => b.includes(product));
}

/**
 * The account fields the draft changes, for `PUT account/{id}` (core's accountUpdateBody then sends
 * only those). The name is compared trimmed: trailing spaces alone are not a change.
 */
export function changedFields(
  draft: AccountDraft,
  saved: SavedAccount | undefined,
): { name?: string; products?: ProductCode[] } {
  const changes: { name?: string; products?: ProductCode[] } = {};
  if (draft.name.trim() !== (saved?.name ?? '')) changes.name = draft.name.trim();
  if (!sameProducts(draft.products, saved?.products ?? [])) changes.products = [...draft.products];
  return changes;
}

/** Whether leaving would lose something: a changed name or products, or users not saved yet. */
export function hasUnsavedChanges(draft: AccountDraft, saved: SavedAccount | undefined): boolean {
  return draft.pending.length > 0 || Object.keys(changedFields(draft, saved)).length > 0;
}
