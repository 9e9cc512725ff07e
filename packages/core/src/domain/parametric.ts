import { z } from 'zod';
import { COLUMN_TYPES, FILTER_FORMATS } from '../constants.ts';
import { Id, Timestamp } from './common.ts';

export const ColumnType = z.enum(COLUMN_TYPES);
export type ColumnType = z.infer<typeof ColumnType>;

/** Hyperlink column settings: link text (default 'Link'), target, and the column holding the URL. */
export const HyperlinkSettings = z.object({
  linkText: z.string().default('Link'),
  linkTarget: z.enum(['self', 'blank']).default('self'),
  targetColumnId: z.string().optional(),
});
export type HyperlinkSettings = z.infer<typeof HyperlinkSettings>;

/** A column of a parametric engine's results table. `label` is stored URI-encoded. */
export const Column = z.object({
  id: Id,
  label: z.string().min(1),
  position: z.number().int().min(0),
  type: ColumnType,
  settings: HyperlinkSettings.partial().default({}),
  enabled: z.boolean().default(true),
  supports: z
    .object({ filtering: z.boolean().default(false), sorting: z.boolean().default(true) })
    .default({ filtering: false, sorting: true }),
});
export type Column = z.infer<typeof Column>;

/** A filter over a column (same id as the column). `label` is stored URI-encoded. */
export const Filter = z.object({
  id: Id,
  label: z.string().min(1),
  position: z.number().int().min(0),
  type: z.enum(['default', 'list']).default('default'),
  supports: z.object({ rangeFilter: z.boolean().default(false) }).default({ rangeFilter: false }),
});
export type Filter = z.infer<typeof Filter>;

/** Application settings of a parametric engine, with the form's defaults. */
export const ApplicationSettings = z.object({
  filterFormat: z.enum(FILTER_FORMATS).default('list'),
  allowDownload: z.boolean().default(false),
  allowEmptyFilterValues: z.boolean().default(false),
  autoApplyFilters: z.boolean().default(true),
  showSearchBar: z.boolean().default(false),
});
export type ApplicationSettings = z.infer<typeof ApplicationSettings>;

/**
 * Application settings read from a stored configuration: a legacy configuration that lacks
 * `allowDownload` predates the setting and allowed downloads, so a missing value means true.
 */
export const StoredApplicationSettings = ApplicationSettings.extend({
  allowDownload: z.boolean().default(true),
});

/** A parametric engine's configuration: columns and filters keyed by column id, and settings. */
export const ParametricConfiguration = z.object({
  columns: z.record(z.string(), Column),
  filters: z.record(z.string(), Filter).default({}),
  settings: ApplicationSettings.default(ApplicationSettings.parse({})),
});
export type ParametricConfiguration = z.infer<typeof ParametricConfiguration>;

/** A configuration as stored: the legacy allowDownload rule applies. */
export const StoredParametricConfiguration = ParametricConfiguration.extend({
  settings: StoredApplicationSettings.default(StoredApplicationSettings.parse({})),
});

/** The parametric detail of an engine: its current file. */
export const ParametricDetail = z.object({
  originalFileName: z.string(),
  uploadDate: Timestamp,
  importId: Id,
  version: z.number().int().min(1),
});
export type ParametricDetail = z.infer<typeof ParametricDetail>;

/**
 * One uploaded version of a parametric engine's file. The spec names file, date and version;
 * Siteseer's API adds the data rows and who uploaded it (an e-mail, or INGEST_API for the account's
 * API key), optional so an answer without them still reads.
 */
export const SpreadsheetHistoryEntry = z.object({
  originalFileName: z.string(),
  uploadDate: Timestamp,
  version: z.number().int().min(1),
  importId: Id.optional(),
  /** Data rows of the version (the header row excluded). */
  rowCount: z.number().int().min(0).optional(),
  uploadedBy: z.string().optional(),
});
export type SpreadsheetHistoryEntry = z.infer<typeof SpreadsheetHistoryEntry>;

/** A cell of a parametric row as the preview and search return it. */
export const CellValue = z.union([z.string(), z.number(), z.boolean(), z.null()]);
export type CellValue = z.infer<typeof CellValue>;
export const Row = z.record(z.string(), CellValue);
export type Row = z.infer<typeof Row>;

/** The spreadsheet preview: the first rows and the inferred (or saved) configuration. */
export const SpreadsheetPreview = z.object({
  rows: z.array(Row),
  configuration: ParametricConfiguration,
});
export type SpreadsheetPreview = z.infer<typeof SpreadsheetPreview>;
