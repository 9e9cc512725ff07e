import type { BodyOf, QueryOf } from '../contract.ts';
import { parametricContracts } from '../contracts/parametric.ts';
import type { Caller, CallOptions, FileInput, UploadOptions } from '../transport.ts';

/** Methods of `client.parametric`. */
export function parametricMethods(call: Caller) {
  const c = parametricContracts;
  return {
    /** PUT parametric/publish */
    publish: (body: BodyOf<typeof c.publish>, options?: CallOptions) => call(c.publish, { body }, options),
    /** GET parametric/download?engineId&accountId&version&importId: the uploaded file as a Blob. */
    download: (query: QueryOf<typeof c.download>, options?: CallOptions) =>
      call(c.download, { query }, options),
    /** POST parametric/create: configure and publish a version. */
    createAndPublish: (body: BodyOf<typeof c.createAndPublish>, options?: CallOptions) =>
      call(c.createAndPublish, { body }, options),
    /** POST parametric/config */
    saveConfig: (body: BodyOf<typeof c.saveConfig>, options?: CallOptions) =>
      call(c.saveConfig, { body }, options),
    /** GET parametric/config?engineId&accountId&version&format */
    getConfig: (query: QueryOf<typeof c.getConfig>, options?: CallOptions) =>
      call(c.getConfig, { query }, options),
    /** POST parametric/file/import (multipart: accountId, engineId, file). */
    importFile: (input: BodyOf<typeof c.importFile> & FileInput, options?: UploadOptions) => {
      const { file, filename, ...fields } = input;
      return call(c.importFile, { body: fields, files: { file: { file, filename } } }, options);
    },
    /** POST parametric/file/{id}: a new version of the import's file (multipart). */
    updateFile: (id: string, input: BodyOf<typeof c.updateFile> & FileInput, options?: UploadOptions) => {
      const { file, filename, ...fields } = input;
      return call(
        c.updateFile,
        { params: { id }, body: fields, files: { file: { file, filename } } },
        options,
      );
    },
    /** GET parametric/file/{id}/preview?lines&clientId (lines default 1). */
    preview: (id: string, query: QueryOf<typeof c.preview> = {}, options?: CallOptions) =>
      call(c.preview, { params: { id }, query }, options),
    /** GET parametric/file/{id}/history */
    history: (id: string, options?: CallOptions) => call(c.history, { params: { id } }, options),
  };
}
