import { describe, expect, it } from 'vitest';

// Ink colours by its own detection of the terminal, read when it loads: forced on here (a test's
// output is no terminal), so that the view's own colour setting is what is tested.
const before = process.env.FORCE_COLOR;
process.env.FORCE_COLOR = '1';
const { mount, UploadBar } = await import('./ink-views.ts');
// Read once Ink has loaded: the other test files of this worker keep the setting they had.
if (before === undefined) delete process.env.FORCE_COLOR;
else process.env.FORCE_COLOR = before;

const ESC = String.fromCharCode(27);
const STYLE = new RegExp(`${ESC}\\[[0-9;]*m`);

/** A terminal stream that records what is written to it. */
function terminal() {
  let written = '';
  const stream = {
    isTTY: true,
    columns: 80,
    rows: 24,
    write(chunk: string | Uint8Array) {
      written += typeof chunk === 'string' ? chunk : Buffer.from(chunk).toString('utf8');
      return true;
    },
    on() {
      return stream;
    },
    off() {
      return stream;
    },
    removeListener() {
      return stream;
    },
  };
  return { stream: stream as unknown as NodeJS.WriteStream, written: () => written };
}

describe('Ink views and the colour setting', () => {
  it('given colours off (NO_COLOR or --no-color), then the live view writes no styles; on, it does', () => {
    const off = terminal();
    const plain = mount(UploadBar, { label: 'a.csv', sent: 5, total: 10 }, off.stream, { color: false });
    plain.close();
    expect(off.written()).toContain('Uploading a.csv');
    expect(off.written()).not.toMatch(STYLE);

    const on = terminal();
    const styled = mount(UploadBar, { label: 'a.csv', sent: 5, total: 10 }, on.stream, { color: true });
    styled.close();
    expect(on.written()).toMatch(STYLE);
  });
});
