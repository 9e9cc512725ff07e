import { z } from 'zod';
import { Account, AccountCreate, AccountUpdate, ApiKeyInfo } from '../../domain/account.ts';
import { defineCall } from '../contract.ts';
import { Deleted, IdParams } from './wire-schemas.ts';

/** Answer of `GET account/{id}/newApiKey`: the new key (shown once; the old one is deactivated). */
export const NewApiKeyResult = z.object({
  key: z.string(),
  /** False when the key could not be generated (the portal then shows its API key error). */
  isValid: z.boolean(),
});
export type NewApiKeyResult = z.infer<typeof NewApiKeyResult>;

/** Account administration (super admins only): every account. */
export const adminAccountContracts = {
  list: defineCall({
    name: 'admin.accounts.list',
    method: 'GET',
    path: 'admin/accounts',
    response: z.array(Account),
  }),
  get: defineCall({
    name: 'admin.accounts.get',
    method: 'GET',
    path: 'admin/account/:id',
    params: IdParams,
    response: Account,
  }),
  create: defineCall({
    name: 'admin.accounts.create',
    method: 'POST',
    path: 'admin/accounts',
    body: AccountCreate,
    response: Account,
  }),
  update: defineCall({
    name: 'admin.accounts.update',
    method: 'PUT',
    path: 'admin/account/:id',
    params: IdParams,
    body: AccountUpdate,
    response: Account,
  }),
  delete: defineCall({
    name: 'admin.accounts.delete',
    method: 'DELETE',
    path: 'admin/account/:id',
    params: IdParams,
    response: Deleted,
  }),
} as const;

/** The caller's own accounts (My Account). */
export const accountContracts = {
  /** The accounts the caller belongs to, with the caller's role on each. */
  list: defineCall({
    name: 'accounts.list',
    method: 'GET',
    path: 'accounts',
    response: z.array(Account),
  }),
  get: defineCall({
    name: 'accounts.get',
    method: 'GET',
    path: 'account/:id',
    params: IdParams,
    response: Account,
  }),
  update: defineCall({
    name: 'accounts.update',
    method: 'PUT',
    path: 'account/:id',
    params: IdParams,
    body: AccountUpdate,
    response: Account,
  }),
  newApiKey: defineCall({
    name: 'accounts.newApiKey',
    method: 'GET',
    path: 'account/:id/newApiKey',
    params: IdParams,
    response: NewApiKeyResult,
  }),
  /** When the account's API key was made and last used (both null when it has none). */
  apiKey: defineCall({
    name: 'accounts.apiKey',
    method: 'GET',
    path: 'account/:id/apiKey',
    params: IdParams,
    response: ApiKeyInfo,
  }),
} as const;
