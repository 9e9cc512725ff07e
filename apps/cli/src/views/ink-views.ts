// Ink views. This module loads React and Ink, so it is itself only imported on a terminal.
import { Box, render, Text } from 'ink';
import React from 'react';
import type { DeviceFlowEvent } from '../auth/device-flow.ts';
import { progressBarText } from './progress-bar.ts';

const h = React.createElement;

export interface LoginState {
  code?: string | undefined;
  url?: string | undefined;
  status: string;
  done: boolean;
}

export const INITIAL_LOGIN_STATE: LoginState = { status: 'Requesting a code...', done: false };

/** The login state after a device flow event. */
export function nextLoginState(state: LoginState, event: DeviceFlowEvent): LoginState {
  switch (event.type) {
    case 'code':
      return {
        ...state,
        code: event.authorization.userCode,
        url: event.authorization.verificationUri,
        status: 'Waiting for approval in the browser...',
      };
    case 'authorization_pending':
      return { ...state, status: 'Waiting for approval in the browser...' };
    case 'slow_down':
      return { ...state, status: `Waiting for approval (checking every ${event.interval} s)...` };
    case 'approved':
      return { ...state, status: 'Approved.', done: true };
  }
}

/** The device login screen: the code, where to enter it, and the state. */
export function LoginScreen({ state }: { state: LoginState }) {
  return h(
    Box,
    { flexDirection: 'column' },
    state.code
      ? h(
          Text,
          null,
          h(Text, { color: 'yellow' }, '! '),
          'First copy your one-time code: ',
          h(Text, { bold: true }, state.code),
        )
      : null,
    state.url ? h(Text, null, '  Then open ', h(Text, { color: 'cyan' }, state.url), ' and enter it.') : null,
    h(
      Text,
      { color: state.done ? 'green' : undefined },
      state.done ? `✓ ${state.status}` : `  ${state.status}`,
    ),
  );
}

/** The upload progress bar. */
export function UploadBar({ label, sent, total }: { label: string; sent: number; total: number }) {
  return h(Text, null, `Uploading ${label} `, h(Text, { color: 'cyan' }, progressBarText(sent, total)));
}

// SGR sequences only (colours, bold, dim): Ink's cursor moves and line clears are kept.
// biome-ignore lint/suspicious/noControlCharactersInRegex: matching escape sequences is its purpose
const SGR = /\u001b\[[0-9;]*m/g;

/**
 * The stream as Ink sees it when colours are off (NO_COLOR, --no-color): Ink colours by its own
 * terminal detection, so the styles are taken out of what it writes, the rest passes through.
 */
function colourless(stream: NodeJS.WriteStream): NodeJS.WriteStream {
  return new Proxy(stream, {
    get(target, prop) {
      if (prop === 'write') {
        return (chunk: unknown, ...rest: unknown[]) =>
          (target.write as (...args: unknown[]) => boolean)(
            typeof chunk === 'string' ? chunk.replace(SGR, '') : chunk,
            ...rest,
          );
      }
      const value = Reflect.get(target, prop, target);
      return typeof value === 'function' ? value.bind(target) : value;
    },
  });
}

/**
 * Mounts a view on a stream; `update` re-renders it, `close` unmounts it (idempotent). `color`
 * false (the CLI's colours are off) writes it without styles.
 */
export function mount<P extends object>(
  component: (props: P) => React.ReactElement,
  props: P,
  stream: NodeJS.WriteStream,
  options: { color: boolean },
) {
  const stdout = options.color ? stream : colourless(stream);
  const instance = render(h(component, props), { stdout, patchConsole: false });
  let closed = false;
  return {
    update(next: P) {
      if (!closed) instance.rerender(h(component, next));
    },
    close() {
      if (closed) return;
      closed = true;
      instance.unmount();
    },
  };
}
