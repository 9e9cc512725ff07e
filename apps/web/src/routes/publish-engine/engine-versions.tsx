import Alert from '@mui/material/Alert';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import type { SearchEngine, SpreadsheetHistoryEntry } from '@siteseer/core';
import { canDownloadEngineFile, engineActionRefusal } from '@siteseer/core';
import { useMutation, useQuery } from '@tanstack/react-query';
import { useId, useState } from 'react';
import { errorText } from '../../api/error-text.ts';
import { problemText, unwrap } from '../../api/portal-api.ts';
import { enginesQuery, parametricHistoryQuery, queryKeys } from '../../api/queries.ts';
import { downloadFileName, saveBlob } from '../../shell/download-file.ts';
import { Loading } from '../../shell/loading.tsx';
import { useServices } from '../../shell/services.tsx';
import { useViewer } from '../../shell/session-data.ts';
import { useToast } from '../../shell/toast.tsx';
import { PublishVersionDialog } from './publish-version-dialog.tsx';
import { VersionsTable } from './versions-table.tsx';

type ParametricEngine = SearchEngine & {
  searchEngineDetail: NonNullable<SearchEngine['searchEngineDetail']>;
};

/**
 * The versions of a parametric engine's file with the live one marked; Download on each (for those
 * who may download) and Publish on the others, after a confirmation. Once published, the engine's
 * current file in the portal's lists is the new version at once, then read again from the server.
 */
export function EngineVersions({ engine, clientId }: { engine: ParametricEngine; clientId: string }) {
  const { api, queryClient, reportApiError } = useServices();
  const toast = useToast();
  const viewer = useViewer();
  const headingId = useId();
  const history = useQuery(parametricHistoryQuery(api, engine.searchEngineDetail.importId));
  const [chosen, setChosen] = useState<SpreadsheetHistoryEntry | undefined>();
  const [notice, setNotice] = useState<{ severity: 'success' | 'warning'; text: string } | undefined>();
  const liveVersion = engine.searchEngineDetail.version;

  const publish = useMutation({
    mutationFn: async (entry: SpreadsheetHistoryEntry) =>
      unwrap(
        await api.parametric.publish({
          version: entry.version,
          accountId: engine.accountId,
          engineId: engine.id,
          clientId,
        }),
      ),
    onSuccess: (published, entry) => {
      const detail = {
        originalFileName: entry.originalFileName,
        uploadDate: entry.uploadDate,
        importId: engine.searchEngineDetail.importId,
        version: published.version,
      };
      queryClient.setQueryData(enginesQuery(api).queryKey, (list) =>
        list?.map((e) => (e.id === engine.id ? { ...e, searchEngineDetail: detail } : e)),
      );
      void queryClient.invalidateQueries({ queryKey: queryKeys.engines });
      setChosen(undefined);
      toast(`Version ${published.version} is live.`);
    },
  });

  const download = (entry: SpreadsheetHistoryEntry) =>
    downloadVersion(entry).catch((error: unknown) => {
      // 401 and 500 and above go where the shell sends them; anything else is said here.
      if (!reportApiError(error)) {
        setNotice({ severity: 'warning', text: errorText(error) });
      }
    });

  const downloadVersion = async (entry: SpreadsheetHistoryEntry) => {
    const refusal = engineActionRefusal(engine, 'download');
    if (refusal) {
      setNotice({ severity: 'warning', text: refusal });
      return;
    }
    const response = await api.parametric.download({
      engineId: engine.id,
      accountId: engine.accountId,
      version: entry.version,
      importId: engine.searchEngineDetail.importId,
    });
    if (!response.ok) {
      setNotice({
        severity: 'warning',
        text: problemText(response.data) ?? `Version ${entry.version} could not be downloaded.`,
      });
      return;
    }
    saveBlob(response.data, downloadFileName(response.headers, entry.originalFileName));
  };

  return (
    <Stack spacing={2}>
      <Typography variant="h2" id={headingId}>
        Versions
      </Typography>
      <Typography>
        Every file uploaded for this engine is kept as a version. Publishing a version makes the search on
        your site answer from it at once; the others stay here and can be published again.
      </Typography>
      {notice && (
        <Alert
          severity={notice.severity}
          role={notice.severity === 'success' ? 'status' : 'alert'}
          onClose={() => setNotice(undefined)}
        >
          {notice.text}
        </Alert>
      )}
      {history.isPending ? (
        <Loading label="Loading the versions" />
      ) : history.isError ? (
        <Alert severity="error">{errorText(history.error)}</Alert>
      ) : (
        <VersionsTable
          labelledBy={headingId}
          entries={history.data}
          liveVersion={liveVersion}
          canDownload={canDownloadEngineFile(viewer, engine)}
          onDownload={(entry) => void download(entry)}
          onPublish={setChosen}
        />
      )}
      {chosen && (
        <PublishVersionDialog
          entry={chosen}
          liveVersion={liveVersion}
          onCancel={() => setChosen(undefined)}
          onConfirm={async () => {
            await publish.mutateAsync(chosen);
          }}
        />
      )}
    </Stack>
  );
}
