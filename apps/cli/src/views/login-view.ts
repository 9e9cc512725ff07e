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
          output.info(
            `${output.style('yellow', '!')} First copy your one-time code: ${output.style('bold', event.authorization.userCode)}`,
          );
          output.info(`  Then open ${event.authorization.verificationUri} and enter it.`);
          output.info('  Waiting for approval...');
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

/** The terminal view (Ink), rendered on stderr; loaded only on a TTY. */
export async function inkLoginView(stderr: NodeJS.WriteStream): Promise<LoginView> {
  const [{ render, Box, Text }, React] = await Promise.all([import('ink'), import('react')]);
  const h = React.createElement;
  type State = { code?: string; url?: string; status: string; done: boolean };
  let state: State = { status: 'Requesting a code...', done: false };

  // A plain function building the tree (not a component): React and Ink are loaded lazily here.
  const tree = (s: State) =>
    h(
      Box,
      { flexDirection: 'column' },
      s.code
        ? h(
            Text,
            null,
            h(Text, { color: 'yellow' }, '! '),
            'First copy your one-time code: ',
            h(Text, { bold: true }, s.code),
          )
        : null,
      s.url ? h(Text, null, '  Then open ', h(Text, { color: 'cyan' }, s.url), ' and enter it.') : null,
      h(Text, { color: s.done ? 'green' : undefined }, s.done ? `✓ ${s.status}` : `  ${s.status}`),
    );

  const instance = render(tree(state), { stdout: stderr, patchConsole: false, exitOnCtrlC: true });
  const update = (next: Partial<State>) => {
    state = { ...state, ...next };
    instance.rerender(tree(state));
  };
  let closed = false;
  return {
    event(event) {
      switch (event.type) {
        case 'code':
          update({
            code: event.authorization.userCode,
            url: event.authorization.verificationUri,
            status: 'Waiting for approval in the browser...',
          });
          break;
        case 'authorization_pending':
          update({ status: 'Waiting for approval in the browser...' });
          break;
        case 'slow_down':
          update({ status: `Waiting for approval (checking every ${event.interval} s)...` });
          break;
        case 'approved':
          update({ status: 'Approved.', done: true });
          break;
      }
    },
    close() {
      if (closed) return;
      closed = true;
      instance.unmount();
    },
  };
}
