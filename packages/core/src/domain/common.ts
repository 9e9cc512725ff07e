import { z } from 'zod';
import { PRODUCT_CODES, toProductCode } from '../constants.ts';

/** An identifier as it travels on the wire. */
export const Id = z.string().min(1);

/** An ISO 8601 timestamp with an offset (e.g. `2026-11-23T10:00:00.000Z`). */
export const Timestamp = z.iso.datetime({ offset: true });

/**
 * An engine type. The spec spells it both as a product code (`pm`, `kw`) and as a word
 * (`parametric`, `keyword`); either is accepted and the product code is kept.
 */
export const ProductType = z.preprocess(
  (value) => (typeof value === 'string' ? (toProductCode(value) ?? value) : value),
  z.enum(PRODUCT_CODES),
);
export type ProductType = z.infer<typeof ProductType>;

/** Roles, highest first. `superadmin` is platform staff; the others are roles on an account. */
export const ROLES = ['superadmin', 'owner', 'admin', 'user'] as const;
export const Role = z.enum(ROLES);
export type Role = z.infer<typeof Role>;

/** The roles a user can hold on one account. */
export const AccountRole = z.enum(['owner', 'admin', 'user']);
export type AccountRole = z.infer<typeof AccountRole>;

/** The role shown when a user has no role (no account, or an unknown account). */
export const UNKNOWN_ROLE = 'UNKNOWN';
export type RoleOrUnknown = Role | typeof UNKNOWN_ROLE;
