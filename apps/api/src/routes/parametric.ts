import {
  datasourceContracts,
  engineContracts,
  IngestCreateFields,
  IngestVersionFields,
  parametricContracts,
  SpreadsheetUploadFields,
} from '@siteseer/core';
import type { FastifyInstance, FastifyReply } from 'fastify';
import { requireApiKey } from '../access/engine-access.ts';
import { type DownloadFile, downloadDataset, downloadVersionFile } from '../parametric/download.ts';
import {
  importAccount,
  previewSpreadsheet,
  spreadsheetHistory,
  uploadSpreadsheet,
} from '../parametric/imports.ts';
import { ingestVersion } from '../parametric/ingest.ts';
import { ingestCreate } from '../parametric/ingest-create.ts';
import {
  createAndPublish,
  getConfiguration,
  publishVersion,
  saveConfiguration,
} from '../parametric/publish.ts';
import { type RouteDeps, serve } from './define.ts';
import { readUpload } from './multipart.ts';

function sendFile(reply: FastifyReply, file: DownloadFile): FastifyReply {
  const ascii = file.fileName.replace(/[^\x20-\x7e]|"/g, '_');
  return reply
    .header('content-type', file.contentType)
    .header(
      'content-disposition',
      `attachment; filename="${ascii}"; filename*=UTF-8''${encodeURIComponent(file.fileName)}`,
    )
    .send(Buffer.from(file.bytes));
}

function idempotencyKey(header: string | string[] | undefined): string | undefined {
  const key = Array.isArray(header) ? header[0] : header;
  return key && key.length <= 200 ? key : undefined;
}

export function parametricRoutes(app: FastifyInstance, deps: RouteDeps): void {
  const { store } = deps;
  const publishing = { indexes: deps.state.parametric.indexes, changes: deps.state.changes };

  serve(app, deps, parametricContracts.importFile, async ({ principal, request }) => {
    const { fields, file } = await readUpload(request, 'file', SpreadsheetUploadFields);
    return uploadSpreadsheet(store, principal, {
      ...fields,
      ...file,
      idempotencyKey: idempotencyKey(request.headers['idempotency-key']),
    });
  });
  serve(app, deps, parametricContracts.updateFile, async ({ principal, params, request }) => {
    const { fields, file } = await readUpload(request, 'file', SpreadsheetUploadFields);
    return uploadSpreadsheet(store, principal, {
      ...fields,
      ...file,
      importId: params.id,
      idempotencyKey: idempotencyKey(request.headers['idempotency-key']),
    });
  });
  serve(app, deps, parametricContracts.preview, async ({ principal, params, query }) =>
    previewSpreadsheet(store, principal, params.id, query.lines),
  );
  serve(app, deps, parametricContracts.history, async ({ principal, params }) => {
    await importAccount(store, principal, params.id);
    return spreadsheetHistory(store, principal, params.id);
  });
  serve(app, deps, parametricContracts.saveConfig, async ({ principal, body }) =>
    saveConfiguration(store, principal, body),
  );
  serve(app, deps, parametricContracts.getConfig, async ({ principal, query }) =>
    getConfiguration(store, principal, query),
  );
  serve(app, deps, parametricContracts.createAndPublish, async ({ principal, body }) =>
    createAndPublish(store, publishing, principal, body),
  );
  serve(app, deps, parametricContracts.publish, async ({ principal, body }) =>
    publishVersion(store, publishing, principal, body),
  );
  serve(app, deps, parametricContracts.download, async ({ principal, query, reply }) =>
    sendFile(reply, await downloadVersionFile(store, principal, query)),
  );
  serve(app, deps, datasourceContracts.createParametric, async ({ principal, request }) => {
    requireApiKey(principal);
    const { fields, file } = await readUpload(request, 'file', IngestCreateFields);
    return ingestCreate(store, publishing, principal, {
      ...fields,
      ...file,
      idempotencyKey: idempotencyKey(request.headers['idempotency-key']),
    });
  });
  serve(app, deps, datasourceContracts.uploadParametric, async ({ principal, params, request }) => {
    requireApiKey(principal);
    const { fields, file } = await readUpload(request, 'file', IngestVersionFields);
    return ingestVersion(store, publishing, principal, {
      ...fields,
      ...file,
      engineId: params.id,
      idempotencyKey: idempotencyKey(request.headers['idempotency-key']),
    });
  });
  serve(app, deps, engineContracts.download, async ({ principal, params, query, reply }) =>
    sendFile(
      reply,
      await downloadDataset(store, principal, { ...query, engineId: params.id, format: params.format }),
    ),
  );
}
