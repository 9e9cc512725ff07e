import type { ProductCode } from '../constants.ts';
import { PRODUCT_CODES } from '../constants.ts';
import { ADD_ENGINE_FLAGS, engineWriteFeatureRefusal } from './engine-writes.ts';
import type { FeatureGrant } from './features.ts';
import { isFeatureOn } from './features.ts';
import type { Viewer, ViewerAccount } from './viewer.ts';

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

/**
 * Why the viewer's role may not create an engine of a type, in the API's words (its dashboard add
 * feature, and for a keyword engine the edit feature that saving its crawler needs); undefined when
 * it may. Having no account for the type is a separate question (`hasAccountForProduct`).
 */
export function createEngineRefusal(
  viewer: Viewer,
  features: readonly FeatureGrant[],
  productType: ProductCode,
): string | undefined {
  return engineWriteFeatureRefusal(viewer, features, productType, 'create');
}

/** Whether the viewer may create an engine of a type: the features creating it needs are on and an account supports it. */
export function canCreateEngine(
  viewer: Viewer,
  features: readonly FeatureGrant[],
  productType: ProductCode,
): boolean {
  return (
    createEngineRefusal(viewer, features, productType) === undefined &&
    hasAccountForProduct(viewer, productType)
  );
}

/**
 * An 'Add a New ... Search Engine' card: shown, and disabled when no account supports the type or
 * when the viewer's role may not complete a create of it; `refusal` then says why in the API's words
 * (undefined when the card is enabled or disabled for want of an account).
 */
export type AddEngineCard = { productType: ProductCode; disabled: boolean; refusal: string | undefined };

/**
 * The add cards the dashboard shows, parametric first: the type's add feature is on and the type
 * filter (null = All) allows it (the spec). A card is disabled when no account of the viewer
 * supports the type, or when another feature creating the type needs is off for them (a keyword
 * engine's crawler is saved as an edit): its button would only ever be refused.
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
  ).map((type) => {
    const hasAccount = hasAccountForProduct(viewer, type);
    const refusal = hasAccount ? createEngineRefusal(viewer, features, type) : undefined;
    return { productType: type, disabled: !hasAccount || refusal !== undefined, refusal };
  });
}
