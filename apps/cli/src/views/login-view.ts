import type { DeviceFlowEvent } from '../auth/device-flow.ts';
import type { Output } from '../output/output.ts';

/** Shows the device flow as it moves on: the code and URL, then waiting, then done. */
export interface LoginView {
  event(event: DeviceFlowEvent): void;
  /** Stops the view (also on failure); safe to call twice. */
  close(): void;
}

/** The plain view: lines on stderr, for pipes, CI and --json. */
export function plainLoginView(output: Output): LoginView {
  return {
    event(event) {
      switch (event.type) {
        case 'code':
          output.warn(`First copy your one-time code: ${event.authorization.userCode}`);
          output.info(`  Then open ${event.authorization.verificationUri} and enter it.`);
          if (event.authorization.verificationUriComplete)
            output.info(`  (Or open ${event.authorization.verificationUriComplete}, the code filled in.)`);
          output.info(
            `  Waiting for approval (the code expires in ${Math.round(event.authorization.expiresIn / 60)} min)...`,
          );
          break;
        case 'authorization_pending':
          break;
        case 'slow_down':
          output.info(`  The server asked to slow down: checking every ${event.interval} s.`);
          break;
        case 'approved':
          output.success('Approved.');
          break;
      }
    },
    close() {},
  };
}

/** The terminal view (Ink) on stderr; React and Ink load only here. */
export async function inkLoginView(stderr: NodeJS.WriteStream, color: boolean): Promise<LoginView> {
  const { INITIAL_LOGIN_STATE, LoginScreen, mount, nextLoginState } = await import('./ink-views.ts');
  let state = INITIAL_LOGIN_STATE;
  const view = mount(LoginScreen, { state }, stderr, { color });
  return {
    event(event) {
      state = nextLoginState(state, event);
      view.update({ state });
    },
    close: () => view.close(),
  };
}
