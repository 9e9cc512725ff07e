import type { ProductCode } from '../constants.ts';
import { PRODUCT_LABELS, toProductCode } from '../constants.ts';
import { productInUseMessage } from './messages.ts';

/** An engine as far as product removal is concerned. */
export interface AccountEngineRef {
  accountId: string;
  searchEngineType: string;
}

/** Whether a product can be taken off an account: not while an engine of that type exists on it. */
export function canRemoveProduct(
  accountId: string,
  product: ProductCode,
  engines: readonly AccountEngineRef[],
): boolean {
  return !engines.some(
    (engine) => engine.accountId === accountId && toProductCode(engine.searchEngineType) === product,
  );
}

/**
 * The message for each product removed from an account (before → after) that still has engines of
 * its type there; empty when the change is allowed.
 */
export function productRemovalErrors(
  accountId: string,
  before: readonly ProductCode[],
  after: readonly ProductCode[],
  engines: readonly AccountEngineRef[],
): string[] {
  return before
    .filter((product) => !after.includes(product) && !canRemoveProduct(accountId, product, engines))
    .map((product) => productInUseMessage(PRODUCT_LABELS[product]));
}
