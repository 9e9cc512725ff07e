import { StoreUsageError } from './errors.ts';

const fromStdin = /\bFROM\s+STDIN\b/i;

/** Refuses anything but `COPY ... FROM STDIN`: a server-side file COPY would hang the pg copy stream. */
export function assertCopyFromStdin(copySql: string): void {
  if (!fromStdin.test(copySql)) {
    throw new StoreUsageError(
      `copyFrom() needs a "COPY ... FROM STDIN" statement, got: ${copySql.slice(0, 80)}`,
    );
  }
}

/** Rewrites `COPY ... FROM STDIN` to PGlite's `COPY ... FROM '/dev/blob'`, fed by the query's blob. */
export function toBlobCopySql(copySql: string): string {
  assertCopyFromStdin(copySql);
  return copySql.replace(fromStdin, "FROM '/dev/blob'");
}
