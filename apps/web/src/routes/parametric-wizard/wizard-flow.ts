import type { ApiResponse, ParametricConfiguration, Row } from '@siteseer/core';
import {
  LIMITS,
  MESSAGES,
  normaliseParametricConfiguration,
  readSpreadsheetPreview,
  uploadErrorMessage,
} from '@siteseer/core';
import type { QueryClient } from '@tanstack/react-query';
import { type ApiClient, problemText, unwrap } from '../../api/portal-api.ts';
import { engineQuery, parametricConfigQuery, parametricHistoryQuery } from '../../api/queries.ts';
import type { SpreadsheetUploads, UploadProgress } from '../../api/upload-with-progress.ts';

/** What the wizard knows about the engine being made or edited. */
export interface WizardDraft {
  mode: 'create' | 'edit';
  accountId: string;
  searchEngineName: string;
  /** Edit mode: the engine and its client. */
  engineId?: string | undefined;
  clientId?: string | undefined;
  /** The spreadsheet import and the version the configuration applies to. */
  importId?: string | undefined;
  version?: number | undefined;
  configuration?: ParametricConfiguration | undefined;
  /** The first rows of the file, for the Fields step. */
  rows: Row[];
  /** Edit mode: a new file was uploaded, so its version must be created and published. */
  fileReplaced: boolean;
  /** Data rows of the file the draft holds (the upload's count; the current version's when editing). */
  rowCount?: number | undefined;
  /**
   * Edit mode: the engine as it was loaded (its configuration and its file's rows), to show what a
   * new file changes before it is published.
   */
  before?: { configuration: ParametricConfiguration; rowCount: number | undefined } | undefined;
  /**
   * What the server read otherwise than the file wrote it (numbers with thousands separators,
   * only the first sheet, headers renamed...): the Fields step lists them, for the user to check.
   */
  warnings?: readonly string[] | undefined;
}

export type SubmitResult =
  | {
      ok: true;
      importId: string;
      version: number;
      configuration: ParametricConfiguration;
      rows: Row[];
      rowCount: number;
      warnings: readonly string[];
    }
  | { ok: false; message: string };

/** The server's text of a failed upload (its `error` field, problem details, or text), else 'File not uploaded.'. */
function uploadFailure(response: ApiResponse<unknown>): string {
  const text = uploadErrorMessage(response.data);
  return text === MESSAGES.fileNotUploaded ? (problemText(response.data) ?? text) : text;
}

/** How step 1's upload is sent: its `Idempotency-Key`, progress reports and cancellation. */
export interface UploadControl {
  idempotencyKey: string;
  onProgress: (progress: UploadProgress) => void;
  signal: AbortSignal;
  /** Called once the upload has an answer (before the preview is read). */
  onUploaded?: () => void;
}

/**
 * Step 1's submission: uploads the file with progress (a new import when creating, a new version of
 * the engine's import when editing), then reads its first rows and configuration. Refusals come back
 * as messages for the wizard; 401 and server errors are thrown for the portal's error handling, and
 * a cancelled upload rejects with an AbortError.
 */
export async function submitSpreadsheet(
  api: ApiClient,
  uploads: SpreadsheetUploads,
  input: { draft: WizardDraft; file: File; control: UploadControl },
): Promise<SubmitResult> {
  const { draft, file, control } = input;
  const options = {
    idempotencyKey: control.idempotencyKey,
    onProgress: control.onProgress,
    signal: control.signal,
  };
  let upload: Awaited<ReturnType<SpreadsheetUploads['importFile']>>;
  try {
    upload =
      draft.mode === 'edit' && draft.importId
        ? await uploads.updateFile(
            draft.importId,
            { accountId: draft.accountId, engineId: draft.engineId, file },
            options,
          )
        : await uploads.importFile({ accountId: draft.accountId, file }, options);
  } finally {
    control.onUploaded?.();
  }
  if (!upload.ok) return { ok: false, message: uploadFailure(upload) };
  const preview = await api.parametric.preview(upload.data.importId, {
    lines: LIMITS.previewLinesWizard,
    clientId: draft.clientId,
  });
  const read = readSpreadsheetPreview(preview);
  if (!read.ok) return { ok: false, message: read.error };
  return {
    ok: true,
    importId: upload.data.importId,
    version: upload.data.version,
    configuration: normaliseParametricConfiguration(read.value.configuration),
    rows: read.value.rows,
    rowCount: upload.data.rowCount,
    warnings: upload.data.warnings ?? [],
  };
}

/**
 * Edit mode's start: the engine, its client, its saved configuration ("Edit mode loads the
 * configuration first") and the first rows of its current file.
 */
export async function loadEngineForEdit(
  api: ApiClient,
  queryClient: QueryClient,
  engineId: string,
  accountId: string,
): Promise<WizardDraft> {
  // fetchQuery, not ensureQueryData: an edit starts from what the server holds now (another tab or
  // person may have changed it), and the answers land in the queries' cache entries.
  const engine = await queryClient.fetchQuery(engineQuery(api, engineId, accountId));
  if (engine.searchEngineType !== 'pm') throw new Error(MESSAGES.unknownEngineType);
  const [config, clients] = await Promise.all([
    queryClient.fetchQuery(parametricConfigQuery(api, engineId, accountId)),
    api.clients.byEngineIds([engineId]).then((r) => unwrap(r)),
  ]);
  const clientId = clients.find((client) => client.engineId === engineId)?.id;
  const importId = engine.searchEngineDetail?.importId;
  const version = engine.searchEngineDetail?.version;
  let rows: Row[] = [];
  let rowCount: number | undefined;
  if (importId) {
    const [preview, history] = await Promise.all([
      api.parametric.preview(importId, { lines: LIMITS.previewLinesWizard, clientId }),
      queryClient.fetchQuery(parametricHistoryQuery(api, importId)),
    ]);
    const read = readSpreadsheetPreview(preview);
    if (read.ok) rows = read.value.rows;
    rowCount = history.find((entry) => entry.version === version)?.rowCount;
  }
  const configuration = normaliseParametricConfiguration(config);
  return {
    mode: 'edit',
    accountId,
    searchEngineName: engine.searchEngineName,
    engineId,
    clientId,
    importId,
    version,
    configuration,
    rows,
    fileReplaced: false,
    rowCount,
    before: { configuration, rowCount },
  };
}

/**
 * 'Create & Publish' / 'Finish & Publish'. Create: the engine, then its first version configured and
 * published. Edit: when the file was replaced, create-and-publish of the new version comes before
 * the update calls; otherwise the configuration is saved and the current version published again.
 * Returns the engine id.
 */
export async function publishDraft(api: ApiClient, draft: WizardDraft): Promise<string> {
  const { accountId, importId, version, configuration } = draft;
  if (!importId || version === undefined || !configuration) throw new Error(MESSAGES.nameAndFileInvalid);
  const engineDraft = {
    searchEngineType: 'pm' as const,
    accountId,
    searchEngineName: draft.searchEngineName,
    searchEngineDetail: { importId },
  };
  if (draft.mode === 'create') {
    const created = unwrap(await api.engines.create(engineDraft));
    unwrap(
      await api.parametric.createAndPublish({
        spreadsheetId: importId,
        engineId: created.documentId,
        accountId,
        version,
        configuration,
        clientId: created.clientId,
      }),
    );
    return created.documentId;
  }
  const engineId = draft.engineId;
  if (!engineId) throw new Error(MESSAGES.unknownEngineType);
  if (draft.fileReplaced) {
    unwrap(
      await api.parametric.createAndPublish({
        spreadsheetId: importId,
        engineId,
        accountId,
        version,
        configuration,
        clientId: draft.clientId,
      }),
    );
    unwrap(await api.engines.update(engineId, { ...engineDraft, id: engineId }));
    return engineId;
  }
  unwrap(await api.engines.update(engineId, { ...engineDraft, id: engineId }));
  unwrap(await api.parametric.saveConfig({ engineId, accountId, version, configuration }));
  if (draft.clientId)
    unwrap(await api.parametric.publish({ version, accountId, engineId, clientId: draft.clientId }));
  return engineId;
}
