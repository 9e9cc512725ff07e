import { describe, expect, it } from 'vitest';
import { overNestingAt } from './nesting-guard.ts';

describe('overNestingAt', () => {
  it('given closed elements, void elements and self-closing siblings, then depth stays shallow', () => {
    const html = `<ul>${'<li><p>a<br><img src=x>'.repeat(10_000)}</ul>${'<div></div>'.repeat(10_000)}`;
    expect(overNestingAt(html, 3)).toBeUndefined();
  });

  it('given unclosed elements past the cap, then the offset of the first one too deep', () => {
    expect(overNestingAt('<div><span><b>x', 2)).toBe('<div><span>'.length);
  });

  it('given tags inside scripts, styles and titles in any case, then they are not counted', () => {
    const html = `<SCRIPT>"${'<div>'.repeat(10)}"</Script><style>/*<div><div>*/</style><title><div></title><div>`;
    expect(overNestingAt(html, 1)).toBeUndefined();
    expect(overNestingAt(`${html}<div>`, 1)).toBe(html.length);
  });
});
