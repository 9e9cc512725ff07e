import type { SpreadsheetPreview as SpreadsheetPreviewData } from '../domain/parametric.ts';
import { SpreadsheetPreview } from '../domain/parametric.ts';
import { MESSAGES } from './messages.ts';
import { isGoodResponseStatus } from './response-status.ts';
import type { RuleResult } from './rule-result.ts';
import { fail, ok } from './rule-result.ts';

/**
 * What the wizard shows when a parametric import or file update fails: the server's text (the
 * error object's `error` field, or the raw error when it is text), else 'File not uploaded.'.
 * A thrown Error (network, abort) is not server text, so it gets the default.
 */
export function uploadErrorMessage(error: unknown): string {
  if (typeof error === 'string' && error.trim() !== '') return error.trim();
  if (error !== null && typeof error === 'object' && !(error instanceof Error) && 'error' in error) {
    const text = (error as { error: unknown }).error;
    if (typeof text === 'string' && text.trim() !== '') return text.trim();
  }
  return MESSAGES.fileNotUploaded;
}

/**
 * Reads the spreadsheet preview answer: no answer or a bad status → 'Could not get spreadsheet map
 * data'; a good answer without valid rows and configuration → 'Did not get map data from server'.
 */
export function readSpreadsheetPreview(
  response: { status: number | string; data?: unknown } | null | undefined,
): RuleResult<SpreadsheetPreviewData> {
  if (!response || !isGoodResponseStatus(response.status)) return fail(MESSAGES.noSpreadsheetMapData);
  const preview = SpreadsheetPreview.safeParse(response.data);
  return preview.success ? ok(preview.data) : fail(MESSAGES.noMapData);
}
