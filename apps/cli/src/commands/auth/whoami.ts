import { type ApiDeps, apiCommand, type ParseInput } from '../../deps.ts';
import { expectOk } from '../../http/expect-ok.ts';

export type WhoamiOptions = Record<string, never>;

export function parse(_input: ParseInput): WhoamiOptions {
  return {};
}

const AUTH_LABELS: Record<ApiDeps['auth'], string> = {
  session: 'saved login',
  token: 'SITESEER_TOKEN',
  apiKey: 'SITESEER_API_KEY',
};

/** The signed-in user: profile, super-admin flag, and each account with the user's role. */
export async function run(deps: ApiDeps, _options: WhoamiOptions): Promise<void> {
  const { output, api } = deps;
  if (deps.auth === 'apiKey') {
    // An account API key is not a person: there is no profile to show. The key is still checked
    // with the server (its engines, the one call a key may read), as whoami is what a pipeline runs
    // to check its credentials: a wrong key is exit 4 and an unreachable server exit 1, never 0.
    // The account is known from its engines only (a key cannot read its account).
    const engines = expectOk(await api.engines.list({}), 'Checking the API key (listing its engines)');
    const accountId = engines[0]?.accountId ?? null;
    if (output.json) {
      output.printJson({ server: deps.server, auth: 'apiKey', accountId, engines: engines.length });
      return;
    }
    output.line(
      `An account API key (SITESEER_API_KEY) on ${deps.server}, accepted: it acts for its account only${accountId ? ` (${accountId}, ${engines.length} engine(s))` : ''}.`,
    );
    return;
  }
  const profile = expectOk(await api.profile.me(), 'Reading your profile');
  const accounts = profile.accounts.map((account) => ({
    id: account.id,
    name: account.name,
    role: account.role ?? 'UNKNOWN',
    products: account.products,
  }));
  if (output.json) {
    output.printJson({
      server: deps.server,
      auth: deps.auth,
      id: profile.id,
      firstName: profile.firstName,
      lastName: profile.lastName,
      email: profile.email,
      isBZAdmin: profile.isBZAdmin,
      accounts,
    });
    return;
  }
  output.details([
    ['Name', `${profile.firstName} ${profile.lastName}`.trim()],
    ['Email', profile.email],
    ['User ID', profile.id],
    ['Super admin', profile.isBZAdmin ? 'yes' : 'no'],
    ['Server', deps.server],
    ['Signed in with', AUTH_LABELS[deps.auth]],
  ]);
  output.line();
  output.table(
    ['ACCOUNT ID', 'NAME', 'ROLE', 'PRODUCTS'],
    accounts.map((a) => [a.id, a.name, a.role, a.products.join(', ')]),
    'No accounts.',
  );
}

export const command = apiCommand({ parse, run, acceptsApiKey: true });
