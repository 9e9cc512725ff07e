import { z } from 'zod';
import { LIMITS } from '../../constants.ts';
import { Id } from '../../domain/common.ts';
import { defineCall } from '../contract.ts';
import { IdParams, Version } from './wire-schemas.ts';

/*
 * The data-source (ingest) API: authenticated by an account API key (header X-Api-Key), for CI
 * pipelines and integrations. Engines created here record createdBy INGEST_API.
 */

/** A multipart boolean field ('true'/'false'); absent means true. */
const FormBoolean = z
  .enum(['true', 'false'])
  .optional()
  .transform((value) => value !== 'false');

/** Text fields of the create call (the table goes in part `file`). */
export const IngestCreateFields = z.object({
  searchEngineName: z.string(),
  /** Publish the uploaded version at once (default true). */
  publish: FormBoolean,
});

/** Text fields of the new-version call. */
export const IngestVersionFields = z.object({ publish: FormBoolean });

/** Answer of both ingest calls. */
export const IngestResult = z.object({
  engineId: Id,
  clientId: Id,
  importId: Id,
  version: Version,
  published: z.boolean(),
  rowCount: z.number().int().min(0),
  /**
   * What was read otherwise than written, for the uploader to check (numbers with thousands
   * separators rewritten, only the first sheet read, headers renamed, error or uncalculated cells
   * read as empty...). Absent when there is none, and on a retried call (the first answer had it).
   */
  warnings: z.array(z.string()).optional(),
});
export type IngestResult = z.infer<typeof IngestResult>;

export const datasourceContracts = {
  /** Create a parametric engine from a table (and publish it). */
  createParametric: defineCall({
    name: 'datasource.createParametric',
    method: 'POST',
    path: 'datasource/parametric',
    body: IngestCreateFields,
    bodyEncoding: 'multipart',
    files: [{ name: 'file', maxBytes: LIMITS.uploadMaxBytes }],
    response: IngestResult,
  }),
  /** Upload a new version of an ingest engine's table (and publish it). */
  uploadParametric: defineCall({
    name: 'datasource.uploadParametric',
    method: 'POST',
    path: 'datasource/parametric/:id',
    params: IdParams,
    body: IngestVersionFields,
    bodyEncoding: 'multipart',
    files: [{ name: 'file', maxBytes: LIMITS.uploadMaxBytes }],
    response: IngestResult,
  }),
} as const;
