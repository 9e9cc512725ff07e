import type { AccountUpdate } from '../domain/account.ts';

/** An account update sends only name and products, and only those present; nothing else leaks in. */
export function accountUpdateBody(changes: {
  name?: string | undefined;
  products?: AccountUpdate['products'];
}): AccountUpdate {
  const body: AccountUpdate = {};
  if (changes.name !== undefined) body.name = changes.name;
  if (changes.products !== undefined) body.products = changes.products;
  return body;
}
