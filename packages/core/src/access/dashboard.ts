import type { ProductCode } from '../constants.ts';
import { FEATURE_FLAGS, PRODUCT_CODES } from '../constants.ts';
import type { FeatureGrant } from './features.ts';
import { isFeatureOn } from './features.ts';
import type { Viewer, ViewerAccount } from './viewer.ts';

/** The dashboard add feature of each product type. */
export const ADD_ENGINE_FLAGS = {
  pm: FEATURE_FLAGS.DASHBOARD_ADD_PARAMETRIC,
  kw: FEATURE_FLAGS.DASHBOARD_ADD_KEYWORD,
} as const satisfies Record<ProductCode, string>;

/**
 * The viewer's accounts that support a product type (the wizard's account choice). Only accounts
 * the viewer is listed on count, super admins included: an engine is created in a concrete account
 * the wizard can offer, and "admin of every account" does not name one.
 */
export function accountsForProduct(viewer: Viewer, productType: ProductCode): ViewerAccount[] {
  return viewer.accounts.filter((a) => a.products.includes(productType));
}

/** Whether the viewer has an account supporting a product type. */
export function hasAccountForProduct(viewer: Viewer, productType: ProductCode): boolean {
  return accountsForProduct(viewer, productType).length > 0;
}

/** Whether the viewer may create an engine of a type: its dashboard add feature is on and an account supports it. */
export function canCreateEngine(
  viewer: Viewer,
  features: readonly FeatureGrant[],
  productType: ProductCode,
): boolean {
  return (
    isFeatureOn(features, ADD_ENGINE_FLAGS[productType], viewer) && hasAccountForProduct(viewer, productType)
  );
}

/** An 'Add a New ... Search Engine' card: shown, and disabled when no account supports the type. */
export type AddEngineCard = { productType: ProductCode; disabled: boolean };

/**
 * The add cards the dashboard shows, parametric first: the type's add feature is on and the type
 * filter (null = All) allows it. A card is disabled when no account of the viewer supports the type.
 */
export function dashboardAddCards(
  viewer: Viewer,
  features: readonly FeatureGrant[],
  selectedProductType: ProductCode | null,
): AddEngineCard[] {
  return PRODUCT_CODES.filter(
    (type) =>
      (selectedProductType === null || selectedProductType === type) &&
      isFeatureOn(features, ADD_ENGINE_FLAGS[type], viewer),
  ).map((type) => ({ productType: type, disabled: !hasAccountForProduct(viewer, type) }));
}
