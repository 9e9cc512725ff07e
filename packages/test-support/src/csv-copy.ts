import { setImmediate } from 'node:timers/promises';

/**
 * One line of `COPY ... FROM STDIN WITH (FORMAT csv)` input. Strings are always quoted (so an empty
 * string stays an empty string), null is an unquoted empty field (SQL NULL).
 */
export function csvCopyLine(values: readonly (string | number | boolean | null)[]): string {
  return `${values
    .map((value) => {
      if (value === null) return '';
      if (typeof value !== 'string') return String(value);
      return `"${value.replaceAll('"', '""')}"`;
    })
    .join(',')}\n`;
}

/**
 * Groups lines into chunks of about `chunkBytes`, so a large load is not one giant string, and
 * lets the event loop run between chunks (a stream pulls chunks back to back otherwise).
 */
export async function* chunkLines(lines: Iterable<string>, chunkBytes = 256 * 1024): AsyncGenerator<string> {
  let chunk = '';
  for (const line of lines) {
    chunk += line;
    if (chunk.length >= chunkBytes) {
      yield chunk;
      chunk = '';
      await setImmediate();
    }
  }
  if (chunk) yield chunk;
}
