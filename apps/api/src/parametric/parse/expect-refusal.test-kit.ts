import { SpreadsheetError } from './spreadsheet-error.ts';

/** For the tests of this folder: the `SpreadsheetError` that `run` is refused with (anything else fails). */
export async function refusal(run: () => Promise<unknown>): Promise<SpreadsheetError> {
  const error = await run().then(
    () => new Error('expected a SpreadsheetError'),
    (caught: unknown) => caught,
  );
  if (error instanceof SpreadsheetError) return error;
  throw error;
}
