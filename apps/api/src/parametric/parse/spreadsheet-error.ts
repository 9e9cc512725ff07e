import { HttpError } from '../../errors.ts';

/** What went wrong with an uploaded spreadsheet; stable, so the HTTP layer can map and clients can branch. */
export type SpreadsheetErrorCode =
  /** Larger than the upload limit. */
  | 'file_too_large'
  /** Nothing in it: no bytes, or no header row. */
  | 'empty'
  /** Neither CSV nor XLSX (a binary, a legacy .xls, another zip), or an extension other than .csv/.xlsx. */
  | 'unsupported_format'
  /** The extension says one format and the content is the other. */
  | 'extension_mismatch'
  /** A CSV that is not UTF-8 (or UTF-16 with a byte order mark). */
  | 'encoding'
  /** The content is broken: an unterminated quote, a corrupt workbook. */
  | 'malformed'
  /** The XLSX archive is suspicious (too many entries, too large, too compressed): a possible zip bomb. */
  | 'archive_refused'
  /** Reading the workbook needed more memory or time than allowed. */
  | 'too_complex'
  /** The sheet named in the options is not in the workbook. */
  | 'sheet_not_found'
  /** A header is a name that would break objects keyed by it (`__proto__`, `constructor`, `prototype`). */
  | 'reserved_column'
  | 'too_many_columns'
  | 'too_many_cells'
  /** A data row has more (non-empty) cells than the header row has columns. */
  | 'ragged_row'
  /** A header row but no data rows. */
  | 'no_rows'
  /** A cell does not fit the type its column is configured with. */
  | 'invalid_value';

export interface SpreadsheetErrorDetails {
  /** 1-based row number as a spreadsheet shows it (the file's first record is row 1). */
  row?: number;
  /** The column's header as written in the file. */
  column?: string;
}

/**
 * A spreadsheet the user must fix before it can be imported. The message names the problem (and the
 * row or column when there is one) in words the user can act on. It is one of the API's input
 * errors: a file over the upload limit is a 413, any other refusal a 400, and the problem document
 * carries `code`, and `row` and `column` when known, so clients can branch and point at the cell.
 */
export class SpreadsheetError extends HttpError {
  readonly code: SpreadsheetErrorCode;
  readonly row: number | undefined;
  readonly column: string | undefined;

  constructor(code: SpreadsheetErrorCode, message: string, details: SpreadsheetErrorDetails = {}) {
    const [status, title] = code === 'file_too_large' ? [413, 'Payload Too Large'] : [400, 'Bad Request'];
    super(status, title, message, {
      code,
      ...(details.row !== undefined ? { row: details.row } : {}),
      ...(details.column !== undefined ? { column: details.column } : {}),
    });
    // Fixed rather than the subclass's name: a refusal rebuilt from the parse worker's data must
    // look the same as the one thrown in this thread.
    this.name = 'SpreadsheetError';
    this.code = code;
    this.row = details.row;
    this.column = details.column;
  }
}
