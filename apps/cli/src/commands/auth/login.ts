import { runDeviceFlow } from '../../auth/device-flow.ts';
import { CLI_SCOPES, type DeviceAuthorization } from '../../auth/oidc.ts';
import { withTokens } from '../../auth/session.ts';
import { type AuthDeps, authCommand, type ParseInput } from '../../deps.ts';
import { UsageError } from '../../errors.ts';
import { expectOk } from '../../http/expect-ok.ts';
import { inkLoginView, type LoginView, plainLoginView } from '../../views/login-view.ts';
import { flag } from '../parse.ts';

export interface LoginOptions {
  /** Open the verification page in the browser (on a terminal only). */
  browser: boolean;
}

export function parse(input: ParseInput): LoginOptions {
  // Commander turns --no-browser into browser: false.
  return { browser: input.opts.browser !== false && !flag(input, 'noBrowser') };
}

async function viewFor(deps: AuthDeps): Promise<LoginView> {
  const { output } = deps;
  if (output.stderrIsTTY && !output.json && !deps.env.ci) {
    return inkLoginView(output.stderr as NodeJS.WriteStream, output.color);
  }
  return plainLoginView(output);
}

/**
 * What `login --json` prints on stdout as soon as the code is issued, one line (RFC 8628 names), so
 * a script reading stdout can show or forward the code while the CLI waits for the approval.
 */
function deviceCodeJson(authorization: DeviceAuthorization) {
  return {
    verification_uri: authorization.verificationUri,
    verification_uri_complete: authorization.verificationUriComplete ?? null,
    user_code: authorization.userCode,
    expires_in: authorization.expiresIn,
  };
}

/**
 * Device-code login: show the code and URL, wait for approval, save the tokens. With --json,
 * stdout gets two JSON lines: the code (deviceCodeJson), then the result once approved.
 */
export async function run(deps: AuthDeps, options: LoginOptions): Promise<void> {
  const { output, clock } = deps;
  const server = deps.server;
  if (!server) {
    throw new UsageError(
      'Which server? Pass --server URL (or set SITESEER_SERVER).',
      'Example: siteseer login --server https://siteseer.example.com',
    );
  }
  if (deps.env.token || deps.env.apiKey) {
    output.warn(
      'SITESEER_TOKEN or SITESEER_API_KEY is set: it will be used instead of this login until unset.',
    );
  }
  const config = await deps.serverConfig(server);
  const client = await deps.oidc(config.issuer, config.cliClientId);
  const openBrowser = options.browser && output.interactive && output.stderrIsTTY;

  const view = await viewFor(deps);
  let tokens: Awaited<ReturnType<typeof runDeviceFlow>>;
  try {
    tokens = await runDeviceFlow({
      client,
      scope: CLI_SCOPES,
      now: () => clock.now(),
      sleep: (ms) => clock.sleep(ms),
      onEvent: (event) => {
        view.event(event);
        if (event.type === 'code' && output.json) output.printJsonLine(deviceCodeJson(event.authorization));
        if (event.type === 'code' && openBrowser) {
          deps.openBrowser(
            event.authorization.verificationUriComplete ?? event.authorization.verificationUri,
          );
        }
      },
    });
  } finally {
    view.close();
  }

  const credentials = withTokens(
    { server, apiBase: config.apiBase, issuer: config.issuer, clientId: config.cliClientId },
    tokens,
    clock.now(),
  );
  await deps.store.save(credentials);
  await deps.settings.write({ ...(await deps.settings.read()), server });

  const profile = expectOk(await deps.apiFor(credentials).profile.me(), 'Reading your profile');
  if (output.json) {
    output.printJsonLine({ server, email: profile.email, storedIn: deps.store.describe() });
    return;
  }
  output.success(
    `Signed in to ${server} as ${`${profile.firstName} ${profile.lastName}`.trim() || profile.email} <${profile.email}>.`,
  );
  output.debug(`Credentials saved in ${deps.store.describe()}.`);
}

export const command = authCommand({ parse, run });
