import { type ChildProcess, spawn } from 'node:child_process';
import { readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { API_MAIN as MAIN } from '@siteseer/test-support/api-modules';
import { freePort } from '@siteseer/test-support/free-port';

/**
 * The V8 flags the start scripts give the server (package.json's and apps/api's `start`;
 * server-process.test.ts holds them equal): the server measured is the one `pnpm start` runs.
 */
export const SERVER_NODE_FLAGS = ['--max-semi-space-size=64'];

/**
 * How long the server may take to start: a fresh data directory is migrated and seeded first,
 * which took over 90 s on a machine loaded twenty times over by other work.
 */
const START_TIMEOUT_MS = 240_000;

/** USER_HZ: /proc reports CPU time in these ticks; 100 on every Linux we run on. */
const CLOCK_TICKS = 100;

export interface ServerOptions {
  dataDir: string;
  /** PostgreSQL instead of PGlite, in its own schema. */
  database?: { url: string; schema: string };
  /** More of the server's environment (SITESEER_* settings). */
  env?: Record<string, string>;
  /**
   * The owner's logins, for a data directory (or schema) a server already used: only a fresh one
   * prints them.
   */
  owner?: Credentials;
  /** Starts it with its V8 inspector on 127.0.0.1 (a port of its own): see `inspectorUrl`. */
  inspect?: boolean;
}

export interface Credentials {
  email: string;
  password: string;
}

/** Memory of the server process, from the kernel (includes its worker threads). */
export interface Memory {
  /** Peak resident set since start or the last `resetPeak()`. */
  peakMb: number;
  rssMb: number;
}

/**
 * The API as `pnpm start` runs it, in a child process: its memory and its event loop are its own,
 * not shared with the load generator.
 */
export class ServerProcess {
  readonly base: string;
  readonly owner: Credentials;
  /** The inspector's WebSocket URL, when started with `inspect`. */
  readonly inspectorUrl: string | undefined;
  readonly #child: ChildProcess;

  private constructor(child: ChildProcess, base: string, owner: Credentials, inspectorUrl?: string) {
    this.#child = child;
    this.base = base;
    this.owner = owner;
    this.inspectorUrl = inspectorUrl;
  }

  static async start(options: ServerOptions): Promise<ServerProcess> {
    const port = await freePort();
    const base = `http://127.0.0.1:${port}`;
    const env: Record<string, string> = {};
    for (const [key, value] of Object.entries(process.env)) {
      if (value !== undefined && !key.startsWith('SITESEER_') && key !== 'DATABASE_URL') env[key] = value;
    }
    // The one setting a run may choose for every server it starts: to compare search thread counts.
    if (process.env.SITESEER_SEARCH_THREADS !== undefined) {
      env.SITESEER_SEARCH_THREADS = process.env.SITESEER_SEARCH_THREADS;
    }
    Object.assign(env, {
      PORT: String(port),
      HOST: '127.0.0.1',
      SITESEER_PUBLIC_URL: base,
      SITESEER_DATA_DIR: options.dataDir,
      SITESEER_LOG_LEVEL: 'warn',
      SITESEER_SEARCH_RATE_LIMIT: '100000000',
      SITESEER_SEARCH_IP_RATE_LIMIT: '100000000',
      ...(options.database
        ? { DATABASE_URL: options.database.url, SITESEER_DB_SCHEMA: options.database.schema }
        : {}),
      ...options.env,
    });
    const inspect = options.inspect ? ['--inspect=127.0.0.1:0'] : [];
    // BENCH_SERVER_CPU_PROF=dir: each server writes a V8 CPU profile there when it stops.
    const profileDir = process.env.BENCH_SERVER_CPU_PROF;
    const profile = profileDir ? ['--cpu-prof', `--cpu-prof-dir=${profileDir}`] : [];
    const child = spawn(process.execPath, [...SERVER_NODE_FLAGS, ...inspect, ...profile, MAIN], {
      env,
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let output = '';
    child.stdout?.setEncoding('utf8');
    child.stderr?.setEncoding('utf8');
    child.stderr?.on('data', (text: string) => {
      output += text;
      process.stderr.write(`[server] ${text}`);
    });
    const owner = await new Promise<Credentials>((resolve, reject) => {
      const timer = setTimeout(() => {
        child.kill('SIGKILL');
        reject(
          new Error(`The server did not start within ${START_TIMEOUT_MS / 1000} s:\n${output.slice(-2000)}`),
        );
      }, START_TIMEOUT_MS);
      child.once('exit', (code) => {
        clearTimeout(timer);
        reject(new Error(`The server exited with ${code} before it was ready:\n${output.slice(-2000)}`));
      });
      child.stdout?.on('data', (text: string) => {
        output += text;
        // The demo logins are printed on a fresh data directory (and a fresh schema) only.
        const match = /owner of ".*":\s+(\S+)\s+password: (\S+)/.exec(output);
        const owner = options.owner ?? (match && { email: match[1] as string, password: match[2] as string });
        if (owner && output.includes('Siteseer is running at')) {
          clearTimeout(timer);
          resolve(owner);
        }
      });
    });
    const inspectorUrl = options.inspect ? /Debugger listening on (ws:\/\/\S+)/.exec(output)?.[1] : undefined;
    if (options.inspect && !inspectorUrl) throw new Error('The server started without its inspector');
    return new ServerProcess(child, base, owner, inspectorUrl);
  }

  get pid(): number {
    return this.#child.pid ?? 0;
  }

  memory(): Memory {
    const status = readFileSync(`/proc/${this.pid}/status`, 'utf8');
    const kb = (field: string) => Number(new RegExp(`^${field}:\\s+(\\d+) kB`, 'm').exec(status)?.[1] ?? 0);
    return { peakMb: kb('VmHWM') / 1024, rssMb: kb('VmRSS') / 1024 };
  }

  /** CPU time of the server process so far (all its threads), in ms: contention-proof, unlike wall time. */
  cpuMs(): number {
    return statCpuMs(readFileSync(`/proc/${this.pid}/stat`, 'utf8')).ms;
  }

  /**
   * CPU time so far per kind of thread, in ms, by the name Node gives it: `MainThread`, the
   * `WorkerThread`s (PGlite's), `V8Worker` (the garbage collector's helpers), `libuv-worker`...
   * A thread that has ended is no longer counted.
   */
  threadCpuMs(): Map<string, number> {
    const byName = new Map<string, number>();
    for (const tid of readdirSync(`/proc/${this.pid}/task`)) {
      let stat: string;
      try {
        stat = readFileSync(`/proc/${this.pid}/task/${tid}/stat`, 'utf8');
      } catch {
        continue; // ended since the listing
      }
      const { name, ms } = statCpuMs(stat);
      byName.set(name, (byName.get(name) ?? 0) + ms);
    }
    return byName;
  }

  /** Starts a new peak: "5" to clear_refs resets VmHWM to the current RSS (Linux 4.0+). */
  resetPeak(): void {
    writeFileSync(`/proc/${this.pid}/clear_refs`, '5');
  }

  async stop(): Promise<void> {
    const child = this.#child;
    if (child.exitCode !== null || child.signalCode !== null) return;
    const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
    child.kill('SIGTERM');
    const timer = setTimeout(() => child.kill('SIGKILL'), 15_000);
    await exited;
    clearTimeout(timer);
  }
}

/** A /proc stat line's command name and its user + system CPU time in ms. */
export function statCpuMs(stat: string): { name: string; ms: number } {
  // The name is in parentheses and may hold spaces; utime and stime are fields 14 and 15.
  const name = stat.slice(stat.indexOf('(') + 1, stat.lastIndexOf(')'));
  const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
  return { name, ms: ((Number(fields[11]) + Number(fields[12])) * 1000) / CLOCK_TICKS };
}
