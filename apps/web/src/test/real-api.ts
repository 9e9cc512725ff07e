/// <reference types="node" />
import { spawn } from 'node:child_process';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

export interface RealApi {
  /** The API's origin, e.g. http://127.0.0.1:41234 (its calls are under /api). */
  base: string;
  /** An access token of the seeded demo account's owner. */
  token: string;
  /** The demo account (both products). */
  accountId: string;
  close(): Promise<void>;
}

// A string, not `new URL(...)`: under happy-dom the global URL is the DOM's, which Node refuses.
const SCRIPT = join(dirname(fileURLToPath(import.meta.url)), '../../e2e/api-process.ts');

/**
 * The real API in a child process (see e2e/api-process.ts, typed with the Node-side test code), for component tests that must talk to a
 * real server. Resolves once the server listens and the owner is signed in. `env` is the server's
 * settings beyond the test defaults (e.g. `SITESEER_SMTP_URL`).
 */
export function startRealApi(env: Record<string, string> = {}): Promise<RealApi> {
  const child = spawn(process.execPath, [SCRIPT], {
    stdio: ['pipe', 'pipe', 'inherit'],
    env: { ...process.env, SITESEER_TEST_SERVER_ENV: JSON.stringify(env) },
  });
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  return new Promise((resolve, reject) => {
    let output = '';
    child.once('exit', (code) =>
      reject(new Error(`The API process exited with ${code} before it was ready`)),
    );
    child.stdout.setEncoding('utf8');
    child.stdout.on('data', (chunk: string) => {
      output += chunk;
      const line = output.split('\n')[0];
      if (output.includes('\n') && line) {
        const ready = JSON.parse(line) as Omit<RealApi, 'close'>;
        resolve({
          ...ready,
          close: async () => {
            child.stdin.end();
            await exited;
          },
        });
      }
    });
  });
}
