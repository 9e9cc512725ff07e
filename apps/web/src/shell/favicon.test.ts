import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';

const WEB = join(import.meta.dirname, '..', '..', '/');

describe('favicon (a 404 logged a console error on every portal load)', () => {
  it("Given index.html, then its icon link names an SVG in public/, copied to the build's root", () => {
    const html = readFileSync(`${WEB}index.html`, 'utf8');
    const href = /<link rel="icon" href="\/([^"]+)" type="image\/svg\+xml" \/>/.exec(html)?.[1];
    expect(href).toBe('favicon.svg');
    expect(readFileSync(`${WEB}public/${href}`, 'utf8')).toMatch(
      /^<svg xmlns="http:\/\/www\.w3\.org\/2000\/svg"/,
    );
  });
});
