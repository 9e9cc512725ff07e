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
 * row or column when there is one) in words the user can act on; the HTTP layer maps it to a 4xx.
 */
export class SpreadsheetError extends Error {
  readonly code: SpreadsheetErrorCode;
  readonly row: number | undefined;
  readonly column: string | undefined;

  constructor(code: SpreadsheetErrorCode, message: string, details: SpreadsheetErrorDetails = {}) {
    super(message);
    this.name = 'SpreadsheetError';
    this.code = code;
    this.row = details.row;
    this.column = details.column;
  }
}
