import { describe, expect, test } from 'vitest';
import { copyChunks } from './copy-chunks.ts';
import { toBlobCopySql } from './copy-sql.ts';
import { StoreUsageError } from './errors.ts';

async function collect(source: AsyncIterable<Uint8Array>): Promise<Uint8Array[]> {
  const out: Uint8Array[] = [];
  for await (const chunk of source) out.push(chunk);
  return out;
}

async function* pieces(...values: (string | Uint8Array)[]): AsyncGenerator<string | Uint8Array> {
  yield* values;
}

describe('copyChunks', () => {
  test('small pieces are grouped into chunks of at least the minimum size, in order', async () => {
    const chunks = await collect(copyChunks(pieces('ab', new Uint8Array([99]), 'dé', 'f'), 3));
    expect(chunks.map((chunk) => new TextDecoder().decode(chunk))).toEqual(['abc', 'dé', 'f']);
  });

  test("chunks are copies, so transferring them never detaches the caller's buffer", async () => {
    const mine = new Uint8Array([1, 2, 3, 4]);
    const [chunk] = await collect(copyChunks(pieces(mine.subarray(1, 3)), 1));
    expect(chunk).toStrictEqual(new Uint8Array([2, 3]));
    expect(chunk?.buffer).not.toBe(mine.buffer);
  });
});

describe('toBlobCopySql', () => {
  test("FROM STDIN becomes PGlite's /dev/blob, whatever the case and options", () => {
    expect(toBlobCopySql('COPY t (a, b) from  stdin WITH (FORMAT csv)')).toBe(
      "COPY t (a, b) FROM '/dev/blob' WITH (FORMAT csv)",
    );
    expect(() => toBlobCopySql("COPY t FROM '/etc/passwd'")).toThrow(StoreUsageError);
  });
});
