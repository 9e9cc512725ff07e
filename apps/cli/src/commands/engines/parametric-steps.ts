import {
  type ApiClient,
  type ApiResponse,
  COLUMN_TYPE_LABELS,
  decodeLabel,
  type ParametricConfiguration,
  readSpreadsheetPreview,
  type SpreadsheetPreview,
  uploadErrorMessage,
} from '@siteseer/core';
import type { ApiDeps } from '../../deps.ts';
import { AbortError, asProblem } from '../../errors.ts';
import type { Output } from '../../output/output.ts';
import { uploadViewFor } from '../../views/upload-view.ts';
import type { UploadFile } from './local-files.ts';

/** Rows the preview asks for (the spec's wizard uses 5). */
const PREVIEW_LINES = 5;

/**
 * Sends a spreadsheet with a progress view, and reads the answer as the wizard does: the server's
 * text, else 'File not uploaded.'. What the server changed while reading the file (its `warnings`:
 * numbers rewritten, only the first sheet read, headers renamed...) is shown on stderr, one warning
 * a line, so that stdout stays the command's data; with --json they are in the JSON instead
 * (`version-json.ts`).
 */
export async function uploadSpreadsheet<T extends { warnings?: string[] | undefined }>(
  deps: ApiDeps,
  file: UploadFile,
  send: () => Promise<ApiResponse<T>>,
): Promise<T> {
  const view = await uploadViewFor(deps.output, file.filename, file.size, { ci: deps.env.ci });
  let response: ApiResponse<T>;
  try {
    response = await deps.uploads.watch(view.listener, send);
  } finally {
    view.close();
  }
  if (response.ok) {
    if (!deps.output.json) for (const warning of response.data.warnings ?? []) deps.output.warn(warning);
    return response.data;
  }
  const problem = asProblem(response.data);
  throw new AbortError(uploadErrorMessage(problem?.detail ?? response.data));
}

/** The preview of an import: its first rows and the inferred (or, with a client, saved) configuration. */
export async function previewSpreadsheet(
  api: ApiClient,
  importId: string,
  clientId?: string,
): Promise<SpreadsheetPreview> {
  const response = await api.parametric.preview(importId, {
    lines: PREVIEW_LINES,
    ...(clientId ? { clientId } : {}),
  });
  const preview = readSpreadsheetPreview(response);
  if (!preview.ok) throw new AbortError(preview.error);
  return preview.value;
}

/** The columns of a configuration in position order, as rows for people. */
export function columnRows(configuration: ParametricConfiguration) {
  return Object.values(configuration.columns)
    .sort((a, b) => a.position - b.position)
    .map((column) => ({
      id: column.id,
      label: decodeLabel(column.label),
      type: column.type,
      enabled: column.enabled,
      filtering: column.supports.filtering,
      sorting: column.supports.sorting,
    }));
}

/** Prints the columns table (on stderr when the data on stdout is something else). */
export function printColumns(
  output: Output,
  configuration: ParametricConfiguration,
  to: 'stdout' | 'stderr',
): void {
  const rows = columnRows(configuration).map((c) => [
    c.label,
    COLUMN_TYPE_LABELS[c.type],
    c.enabled ? 'yes' : 'no',
    c.filtering ? 'yes' : 'no',
    c.sorting ? 'yes' : 'no',
  ]);
  const head = ['COLUMN', 'TYPE', 'SHOWN', 'FILTER', 'SORT'];
  (to === 'stdout' ? output : output.onStderr()).table(head, rows);
}
