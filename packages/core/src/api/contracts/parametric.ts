import { z } from 'zod';
import { LIMITS } from '../../constants.ts';
import { Id, Timestamp } from '../../domain/common.ts';
import {
  ParametricConfiguration,
  SpreadsheetHistoryEntry,
  SpreadsheetPreview,
  StoredParametricConfiguration,
} from '../../domain/parametric.ts';
import { defineCall } from '../contract.ts';
import { BinaryBody, IdParams, QueryInt, QueryVersion, Version } from './wire-schemas.ts';

/*
 * Ids: an import (`importId`) is one uploaded spreadsheet with its versions; `parametric/file/{id}`
 * names an import, and `spreadsheetId` of the create-and-publish call is an import id too.
 */

/** Text fields of the file import and update calls (the file goes in part `file`). */
export const SpreadsheetUploadFields = z.object({
  accountId: Id,
  /** Absent when the engine does not exist yet (wizard create: upload first, then create the engine). */
  engineId: Id.optional(),
});

/** Answer of the file import and update calls: the stored version of the spreadsheet. */
export const SpreadsheetImport = z.object({
  importId: Id,
  version: Version,
  originalFileName: z.string(),
  uploadDate: Timestamp,
  /** Data rows (the header row excluded). */
  rowCount: z.number().int().min(0),
  /** The header row: the column names in file order. */
  columns: z.array(z.string()),
  /**
   * What was read otherwise than written, for the uploader to check (numbers with thousands
   * separators rewritten, only the first sheet read, headers renamed, error or uncalculated cells
   * read as empty...). Absent when there is none, and on a retried call (the first answer had it).
   */
  warnings: z.array(z.string()).optional(),
});
export type SpreadsheetImport = z.infer<typeof SpreadsheetImport>;

/** Body of `PUT parametric/publish`: make a version live for the engine's client. */
export const PublishBody = z.object({ version: Version, accountId: Id, engineId: Id, clientId: Id });
export type PublishBody = z.infer<typeof PublishBody>;

/** Answer of the publish call: the version now live. */
export const Published = z.object({ engineId: Id, version: Version });
export type Published = z.infer<typeof Published>;

/** Query of `GET parametric/download`: the uploaded file of a version (the published one when absent). */
export const ParametricDownloadQuery = z.object({
  engineId: Id,
  accountId: Id,
  version: QueryVersion.optional(),
  importId: Id.optional(),
});

/** Query of the file preview: how many rows (default 1), and the client whose saved configuration applies. */
export const PreviewQuery = z.object({
  lines: QueryInt.min(1).default(LIMITS.previewLinesDefault),
  clientId: Id.optional(),
});

/** Body of `POST parametric/create`: configure and publish a version; makes the client when absent. */
export const CreateAndPublishBody = z.object({
  spreadsheetId: Id,
  engineId: Id,
  accountId: Id,
  version: Version,
  configuration: ParametricConfiguration,
  clientId: Id.optional(),
});
export type CreateAndPublishBody = z.infer<typeof CreateAndPublishBody>;

/** Answer of create-and-publish. */
export const CreatedAndPublished = z.object({ clientId: Id });

/** Body of `POST parametric/config`: save an engine's configuration for a version. */
export const SaveConfigBody = z.object({
  engineId: Id,
  accountId: Id,
  version: Version,
  configuration: ParametricConfiguration,
});
export type SaveConfigBody = z.infer<typeof SaveConfigBody>;

/**
 * Query of `GET parametric/config`. The spec names `format` without values; Siteseer defines
 * `json` only (the stored configuration), so other values are rejected rather than ignored.
 */
export const GetConfigQuery = z.object({
  engineId: Id,
  accountId: Id,
  version: QueryVersion.optional(),
  format: z.enum(['json']).optional(),
});

const fileUpload = {
  bodyEncoding: 'multipart',
  files: [{ name: 'file', maxBytes: LIMITS.uploadMaxBytes }],
} as const;

/** Parametric engines: spreadsheets, their configuration and publication. */
export const parametricContracts = {
  publish: defineCall({
    name: 'parametric.publish',
    method: 'PUT',
    path: 'parametric/publish',
    body: PublishBody,
    response: Published,
  }),
  download: defineCall({
    name: 'parametric.download',
    method: 'GET',
    path: 'parametric/download',
    query: ParametricDownloadQuery,
    response: BinaryBody,
    responseKind: 'binary',
  }),
  createAndPublish: defineCall({
    name: 'parametric.createAndPublish',
    method: 'POST',
    path: 'parametric/create',
    body: CreateAndPublishBody,
    response: CreatedAndPublished,
  }),
  saveConfig: defineCall({
    name: 'parametric.saveConfig',
    method: 'POST',
    path: 'parametric/config',
    body: SaveConfigBody,
    response: ParametricConfiguration,
  }),
  getConfig: defineCall({
    name: 'parametric.getConfig',
    method: 'GET',
    path: 'parametric/config',
    query: GetConfigQuery,
    response: StoredParametricConfiguration,
  }),
  importFile: defineCall({
    name: 'parametric.importFile',
    method: 'POST',
    path: 'parametric/file/import',
    body: SpreadsheetUploadFields,
    ...fileUpload,
    response: SpreadsheetImport,
  }),
  /** A new version of an import's file. */
  updateFile: defineCall({
    name: 'parametric.updateFile',
    method: 'POST',
    path: 'parametric/file/:id',
    params: IdParams,
    body: SpreadsheetUploadFields,
    ...fileUpload,
    response: SpreadsheetImport,
  }),
  preview: defineCall({
    name: 'parametric.preview',
    method: 'GET',
    path: 'parametric/file/:id/preview',
    params: IdParams,
    query: PreviewQuery,
    response: SpreadsheetPreview,
  }),
  history: defineCall({
    name: 'parametric.history',
    method: 'GET',
    path: 'parametric/file/:id/history',
    params: IdParams,
    response: z.array(SpreadsheetHistoryEntry),
  }),
} as const;
