import { z } from 'zod';

/** What `siteseer login` keeps for one server. Validated whenever it is read back. */
export const StoredCredentials = z.object({
  server: z.string().min(1),
  apiBase: z.string().min(1),
  issuer: z.string().min(1),
  clientId: z.string().min(1),
  accessToken: z.string().min(1),
  refreshToken: z.string().min(1).optional(),
  idToken: z.string().min(1).optional(),
  /** When the access token expires, epoch milliseconds. */
  expiresAt: z.number().int(),
  /** Who signed in (from the token), for messages. */
  email: z.string().optional(),
});
export type StoredCredentials = z.infer<typeof StoredCredentials>;

/** Where credentials are kept: the OS keyring, or a 0600 file. */
export interface CredentialStore {
  /** A description for messages, e.g. 'the OS keyring' or the file's path. */
  describe(): string;
  load(server: string): Promise<StoredCredentials | undefined>;
  save(credentials: StoredCredentials): Promise<void>;
  /** Removes the server's credentials; true when there were some. */
  remove(server: string): Promise<boolean>;
}
