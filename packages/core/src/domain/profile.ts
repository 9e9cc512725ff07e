import { z } from 'zod';
import { Account } from './account.ts';
import { Client } from './client.ts';
import { Id } from './common.ts';
import { SearchEngine } from './engine.ts';

/** The signed-in user's profile (`GET profile/me`). `isBZAdmin` is the super admin flag. */
export const UserProfile = z.object({
  id: Id,
  firstName: z.string(),
  lastName: z.string(),
  email: z.string(),
  isBZAdmin: z.boolean(),
  accounts: z.array(Account),
  engines: z.array(SearchEngine),
  /** The client of each engine, keyed by engine id. */
  clients: z.record(z.string(), Client),
});
export type UserProfile = z.infer<typeof UserProfile>;
