// @vitest-environment node
import { gzipSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { buildInMemory } from './test/built-bundle.ts';

/** The budget in packages/widget/README.md: customer pages load this on every visit. */
const MAX_GZIPPED_BYTES = 25 * 1024;

describe('the built bundle', () => {
  // One build (~0.2 s) for both checks.
  const built = buildInMemory();

  it('is one IIFE script under 25 KB gzipped, with the stylesheet beside it', async () => {
    const files = await built;
    expect(files.map((file) => file.fileName).sort()).toEqual(['siteseer-widget.css', 'siteseer-widget.js']);
    const script = files.find((file) => file.fileName === 'siteseer-widget.js');
    if (script?.type !== 'chunk') throw new Error('no script chunk');
    expect(script.code.startsWith('var Siteseer=')).toBe(true);
    expect(gzipSync(script.code).byteLength).toBeLessThanOrEqual(MAX_GZIPPED_BYTES);
  });

  it('contains no HTML parsing, no eval and no zod', async () => {
    const files = await built;
    const script = files.find((file) => file.fileName === 'siteseer-widget.js');
    if (script?.type !== 'chunk') throw new Error('no script chunk');
    expect(script.code).not.toMatch(
      /innerHTML|outerHTML|insertAdjacentHTML|document\.write|\beval\(|new Function/,
    );
    expect(script.code).not.toContain('zod');
    // ASCII only: decoded the same whatever charset the customer's server or page declares.
    expect(script.code).toMatch(/^[\t\n\r\x20-\x7e]*$/);
  });
});
