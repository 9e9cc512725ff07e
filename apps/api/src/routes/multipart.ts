import { LIMITS, MESSAGES, validateUploadFile } from '@siteseer/core';
import type { FastifyRequest } from 'fastify';
import type { z } from 'zod';
import { InputError, PayloadTooLargeError } from '../errors.ts';

export interface UploadedFile {
  fileName: string;
  bytes: Uint8Array;
}

/**
 * Reads a multipart upload: text fields validated with `fields`, and one file part named
 * `fileField`, buffered up to the 10240 KB limit (413 past it; nothing is kept).
 */
export async function readUpload<S extends z.ZodType>(
  request: FastifyRequest,
  fileField: string,
  fields: S,
): Promise<{ fields: z.output<S>; file: UploadedFile }> {
  if (!request.isMultipart()) throw new InputError('Send the file as multipart/form-data.');
  const values: Record<string, string> = {};
  let file: UploadedFile | undefined;
  try {
    for await (const part of request.parts({
      limits: { fileSize: LIMITS.uploadMaxBytes, files: 1, fields: 20 },
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
      throw new PayloadTooLargeError(MESSAGES.fileTooLarge);
    if ((error as { code?: string }).code === 'FST_FILES_LIMIT') throw new InputError('Send one file only.');
    throw error;
  }
  const parsed = fields.safeParse(values);
  if (!parsed.success) {
    const issue = parsed.error.issues[0];
    throw new InputError(`${issue?.path.join('.') ?? 'form'}: ${issue?.message ?? 'invalid'}`);
  }
  if (!file) throw new InputError(MESSAGES.fileRequired, { field: fileField });
  const problem = validateUploadFile({ name: file.fileName, size: file.bytes.byteLength });
  if (problem) throw new InputError(problem, { field: fileField });
  return { fields: parsed.data, file };
}
