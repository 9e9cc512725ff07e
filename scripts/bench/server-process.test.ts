import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { SERVER_NODE_FLAGS, statCpuMs } from './server-process.ts';

describe('statCpuMs', () => {
  it("given a thread's stat line whose name holds spaces and parentheses, then its name and user + system time", () => {
    // Fields 14 and 15 (utime 250, stime 50 ticks of 10 ms) come after the name's last ')'.
    const line = '4321 (V8 Worker (2)) S 1 1 1 0 -1 4194560 10 0 0 0 250 50 0 0 20 0 9 0 100';
    expect(statCpuMs(line)).toEqual({ name: 'V8 Worker (2)', ms: 3000 });
  });
});

describe('SERVER_NODE_FLAGS', () => {
  it("are the flags both start scripts give the server: the bench measures what 'pnpm start' runs", () => {
    const start = (path: string) =>
      (JSON.parse(readFileSync(new URL(path, import.meta.url), 'utf8')) as { scripts: { start: string } })
        .scripts.start;
    const flags = SERVER_NODE_FLAGS.join(' ');
    expect(start('../../package.json')).toContain(`node ${flags} apps/api/src/main.ts`);
    expect(start('../../apps/api/package.json')).toBe(`node ${flags} src/main.ts`);
  });
});
