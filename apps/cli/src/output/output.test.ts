import { describe, expect, it } from 'vitest';
import { memoryOutput } from './memory-output.test-kit.ts';

const ESC = String.fromCharCode(27);
const HOSTILE = `${ESC}]0;pwned\u0007${ESC}[31mRed\u202e name${ESC}[0m`;

describe('output of outside text', () => {
  it('given escape sequences in table cells and details, then they are dropped, the text kept', () => {
    const recorded = memoryOutput({ isTTY: true });
    recorded.output.table(['NAME'], [[HOSTILE]]);
    recorded.output.details([['Name', HOSTILE]]);
    expect(recorded.stdout).not.toContain(ESC);
    expect(recorded.stdout).toContain(']0;pwned[31mRed name[0m');
  });

  it('given escape sequences in a message, then they are dropped and only the CLI’s own style shows', () => {
    const recorded = memoryOutput({ isTTY: true, color: true });
    recorded.output.success(`Published version 1 of ${HOSTILE}.`);
    recorded.output.warn(HOSTILE);
    recorded.output.info(`line one\nline two ${HOSTILE}`);
    const lines = recorded.stderr.trimEnd().split('\n');
    expect(lines).toEqual([
      `${ESC}[32m✓${ESC}[39m Published version 1 of ]0;pwned[31mRed name[0m.`,
      `${ESC}[33m!${ESC}[39m ]0;pwned[31mRed name[0m`,
      'line one line two ]0;pwned[31mRed name[0m',
    ]);
  });
});
