import { z } from 'zod';
import { Account } from '../../domain/account.ts';
import { UserProfile } from '../../domain/profile.ts';
import { defineCall } from '../contract.ts';

/** The signed-in user. */
export const profileContracts = {
  me: defineCall({
    name: 'profile.me',
    method: 'GET',
    path: 'profile/me',
    response: UserProfile,
  }),
  /** The signed-in user's accounts with their role on each (every account for a super admin). */
  accounts: defineCall({
    name: 'profile.accounts',
    method: 'GET',
    path: 'profile/accounts',
    response: z.array(Account),
  }),
} as const;
