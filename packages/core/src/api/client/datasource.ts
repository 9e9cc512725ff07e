import type { BodyOf } from '../contract.ts';
import { datasourceContracts } from '../contracts/datasource.ts';
import type { Caller, FileInput, UploadOptions } from '../transport.ts';

/** Methods of `client.datasource` (the ingest API; authenticate with an API key). */
export function datasourceMethods(call: Caller) {
  const c = datasourceContracts;
  return {
    /** POST datasource/parametric (multipart: searchEngineName, publish, file). */
    createParametric: (input: BodyOf<typeof c.createParametric> & FileInput, options?: UploadOptions) => {
      const { file, filename, ...fields } = input;
      return call(c.createParametric, { body: fields, files: { file: { file, filename } } }, options);
    },
    /** POST datasource/parametric/{id}: a new version (multipart: publish, file). */
    uploadParametric: (
      id: string,
      input: BodyOf<typeof c.uploadParametric> & FileInput,
      options?: UploadOptions,
    ) => {
      const { file, filename, ...fields } = input;
      return call(
        c.uploadParametric,
        { params: { id }, body: fields, files: { file: { file, filename } } },
        options,
      );
    },
  };
}
