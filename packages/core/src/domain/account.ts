import { z } from 'zod';
import { AccountRole, Id, ProductType, Timestamp } from './common.ts';

/** A user as listed in an account (spec: id, first, last, email, role). */
export const AccountUser = z.object({
  id: Id,
  first: z.string(),
  last: z.string(),
  email: z.string(),
  role: AccountRole,
});
export type AccountUser = z.infer<typeof AccountUser>;

/** A user to add to an account: the server assigns the id. */
export const NewAccountUser = AccountUser.omit({ id: true });
export type NewAccountUser = z.infer<typeof NewAccountUser>;

/**
 * A login's state. The spec names the deprovisioned state only; an invited user has a login
 * created for them that has no password yet.
 */
export const UserStatus = z.enum(['ACTIVE', 'INVITED', 'DEPROVISIONED']);
export type UserStatus = z.infer<typeof UserStatus>;

/**
 * The result of `GET account/{id}/user/check?email=` (200 when the login exists).
 * The spec's `is{product}User` field is `isBZUser`, matching the spec's `isBZAdmin` profile flag:
 * true when the login is a platform (super admin) user.
 */
export const UserCheckResult = z.object({
  status: UserStatus,
  isBZUser: z.boolean(),
  exists: z.boolean(),
  id: Id,
  firstName: z.string(),
  lastName: z.string(),
  email: z.string(),
});
export type UserCheckResult = z.infer<typeof UserCheckResult>;

/**
 * How an invitation's last link went out: by e-mail (`sending`, `sent`, `failed`), or `link` when
 * the server sends no e-mail and the link is only shown in the portal.
 */
export const InvitationDelivery = z.enum(['sending', 'sent', 'failed', 'link']);
export type InvitationDelivery = z.infer<typeof InvitationDelivery>;

/**
 * A user of an account who was invited and has not set a password yet (Siteseer's addition: the
 * spec lists users only). `expiresAt` is the end of the newest link; null when every link expired.
 * `emailEnabled` says whether this server e-mails invitations (an SMTP server is configured): when
 * it does not, Resend is refused and the link is copied and handed over instead.
 */
export const PendingInvitation = z.object({
  userId: Id,
  email: z.string(),
  first: z.string(),
  last: z.string(),
  role: AccountRole,
  sentAt: Timestamp,
  expiresAt: Timestamp.nullable(),
  delivery: InvitationDelivery,
  emailEnabled: z.boolean(),
});
export type PendingInvitation = z.infer<typeof PendingInvitation>;

/** An account's API key, without the key (shown once): when it was made and last authenticated a call. */
export const ApiKeyInfo = z.object({
  createdAt: Timestamp.nullable(),
  lastUsedAt: Timestamp.nullable(),
});
export type ApiKeyInfo = z.infer<typeof ApiKeyInfo>;

/** An account. `role` is the current user's role on it, when the server knows the caller. */
export const Account = z.object({
  id: Id,
  name: z.string(),
  products: z.array(ProductType),
  role: AccountRole.optional(),
  users: z.array(AccountUser).optional(),
  createdDate: Timestamp,
});
export type Account = z.infer<typeof Account>;

/** Body of `POST admin/accounts`. */
export const AccountCreate = z.object({
  name: z.string(),
  products: z.array(ProductType),
  users: z.array(NewAccountUser).default([]),
});
export type AccountCreate = z.infer<typeof AccountCreate>;

/** Body of `PUT account/{id}` and `PUT admin/account/{id}`: only name and products, when present. */
export const AccountUpdate = z.object({
  name: z.string().optional(),
  products: z.array(ProductType).optional(),
});
export type AccountUpdate = z.infer<typeof AccountUpdate>;
