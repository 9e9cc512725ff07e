import { type FileLike, LIMITS, MESSAGES, validateUploadFile } from '@siteseer/core';
import type { FastifyRequest } from 'fastify';
import type { z } from 'zod';
import { InputError, PayloadTooLargeError } from '../errors.ts';

export interface UploadedFile {
  fileName: string;
  bytes: Uint8Array;
}

/** What an upload may be: its size limit and message, and the check of the file (name, size). */
export interface UploadRules {
  maxBytes: number;
  tooLarge: string;
  /** The message for a missing or unacceptable file; undefined when it is fine. */
  check(file: FileLike | undefined): string | undefined;
}

/** A parametric spreadsheet: CSV or XLSX, at most 10240 KB. */
const SPREADSHEET_UPLOAD: UploadRules = {
  maxBytes: LIMITS.uploadMaxBytes,
  tooLarge: MESSAGES.fileTooLarge,
  check: (file) => validateUploadFile(file ?? null),
};

/**
 * Reads a multipart upload: text fields validated with `fields`, and one file part named
 * `fileField`, buffered up to the rules' limit (413 past it; nothing is kept).
 */
export async function readUpload<S extends z.ZodType>(
  request: FastifyRequest,
  fileField: string,
  fields: S,
  rules: UploadRules = SPREADSHEET_UPLOAD,
): Promise<{ fields: z.output<S>; file: UploadedFile }> {
  if (!request.isMultipart()) throw new InputError('Send the file as multipart/form-data.');
  const values: Record<string, string> = {};
  let file: UploadedFile | undefined;
  try {
    for await (const part of request.parts({
      limits: { fileSize: rules.maxBytes, files: 1, fields: 20 },
    })) {
      if (part.type === 'file') {
        const bytes = await part.toBuffer();
        if (part.fieldname === fileField) file = { fileName: part.filename, bytes: new Uint8Array(bytes) };
      } else {
        values[part.fieldname] = String(part.value);
      }
    }
  } catch (error) {
    if ((error as { code?: string }).code === 'FST_REQ_FILE_TOO_LARGE')
      throw new PayloadTooLargeError(rules.tooLarge);
    if ((error as { code?: string }).code === 'FST_FILES_LIMIT') throw new InputError('Send one file only.');
    throw error;
  }
  const parsed = fields.safeParse(values);
  if (!parsed.success) {
    const issue = parsed.error.issues[0];
    throw new InputError(`${issue?.path.join('.') ?? 'form'}: ${issue?.message ?? 'invalid'}`);
  }
  const problem = rules.check(file && { name: file.fileName, size: file.bytes.byteLength });
  if (problem || !file) throw new InputError(problem ?? MESSAGES.fileRequired, { field: fileField });
  return { fields: parsed.data, file };
}
