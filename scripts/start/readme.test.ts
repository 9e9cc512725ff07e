import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { BUILD_LOG } from './build-log.ts';

const root = new URL('../../', import.meta.url);
const readme = readFileSync(new URL('README.md', root), 'utf8');
const manifest = JSON.parse(readFileSync(new URL('package.json', root), 'utf8')) as {
  engines: { node: string };
};

/** The README's first screen: everything before its third second-level heading. */
const firstScreen = readme.split(/^## /m).slice(0, 3).join('## ');

describe("the README's first screen", () => {
  it('Given the Node version it asks for, then it is the one engines asks for', () => {
    const stated = /Node\.js (\d+) or later/.exec(firstScreen)?.[1];
    expect(stated).toBeDefined();
    expect(manifest.engines.node).toBe(`>=${stated}`);
  });

  it('holds the two set-up commands, install and start, then install and test', () => {
    const start = firstScreen.indexOf('npx -y pnpm@10 install && npx -y pnpm@10 start\n');
    const check = firstScreen.indexOf('npx -y pnpm@10 install && npx -y pnpm@10 check\n');
    expect(start).toBeGreaterThan(0);
    expect(check).toBeGreaterThan(start);
  });

  it('names the file the quiet build writes its output to', () => {
    expect(firstScreen).toContain(`\`${BUILD_LOG}\``);
  });
});
