import MoreVert from '@mui/icons-material/MoreVert';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardActions from '@mui/material/CardActions';
import CardContent from '@mui/material/CardContent';
import CardHeader from '@mui/material/CardHeader';
import IconButton from '@mui/material/IconButton';
import Menu from '@mui/material/Menu';
import MenuItem from '@mui/material/MenuItem';
import type { EngineMenuItem, SearchEngine } from '@siteseer/core';
import { engineActionRefusal, engineCardButtons, engineMenuItems, seesLocator } from '@siteseer/core';
import { useId, useState } from 'react';
import { Link as RouterLink, useNavigate } from 'react-router';
import { ApiStatusError, problemText, unwrap } from '../../api/portal-api.ts';
import { enginesQuery } from '../../api/queries.ts';
import { DisabledWithReason } from '../../shell/disabled-with-reason.tsx';
import { downloadFileName, saveBlob } from '../../shell/download-file.ts';
import { useServices } from '../../shell/services.tsx';
import { useFeatures, useViewer } from '../../shell/session-data.ts';
import { useToast } from '../../shell/toast.tsx';
import { canPublishVersions } from '../publish-engine/publish-access.ts';
import { DeleteEngineDialog } from './delete-engine-dialog.tsx';
import { EngineFields } from './engine-fields.tsx';
import { EngineHealthSummary, unpublishedReason } from './engine-health.tsx';
import { previewUrl } from './preview-url.ts';

const MENU_LABELS: Record<EngineMenuItem, string> = {
  edit: 'Edit',
  alerts: 'Alerts',
  download: 'Download File',
  delete: 'Delete',
};

/**
 * One engine on the dashboard: its state (health), its fields, the buttons and menu entries core
 * allows for the viewer (by feature and role), the API-engine refusal, and the delete confirmation.
 * Preview and Install are disabled, saying why, while nothing of the engine is published.
 */
export function EngineCard({
  engine,
  accountName,
  clientId,
  onDelete,
}: {
  engine: SearchEngine;
  accountName: string;
  /** The engine's client (preview needs it); undefined while unknown. */
  clientId: string | undefined;
  onDelete: (engine: SearchEngine) => Promise<void>;
}) {
  const { api, config, queryClient, reportApiError } = useServices();
  const toast = useToast();
  const viewer = useViewer();
  const features = useFeatures();
  const navigate = useNavigate();
  const [menuAnchor, setMenuAnchor] = useState<HTMLElement | null>(null);
  const [deleting, setDeleting] = useState(false);
  const [notice, setNotice] = useState<string | undefined>();
  const titleId = useId();
  const menuId = useId();
  const buttons = engineCardButtons(viewer, features, engine);
  const menuItems = engineMenuItems(viewer, features, engine);
  // The versions screen (publish-engine) is gated like Edit and listed right after it.
  const publishable = menuItems.includes('edit') && canPublishVersions(viewer, features, engine);
  const type = engine.searchEngineType === 'pm' ? 'parametric' : 'keyword';
  // An engine without health (an older API) keeps its buttons as they were.
  const unpublished =
    engine.health && engine.health.liveCount === null
      ? unpublishedReason(engine.searchEngineType)
      : undefined;

  const publishHeld = async () => {
    try {
      const published = unwrap(
        await api.crawler.publish({ accountId: engine.accountId, engineId: engine.id }),
      );
      toast(`${engine.searchEngineName}: crawl published with ${published.pages.toLocaleString()} pages.`);
    } catch (error) {
      // 401 and >= 500 go where the portal sends them; a refusal (409: published meanwhile) is said.
      if (reportApiError(error)) return;
      if (!(error instanceof ApiStatusError)) throw error;
      toast({ message: error.message, severity: 'error' });
    }
    await queryClient.invalidateQueries({ queryKey: enginesQuery(api).queryKey });
  };

  const download = async () => {
    const response = await api.parametric.download({ engineId: engine.id, accountId: engine.accountId });
    if (!response.ok) {
      setNotice(problemText(response.data) ?? 'The file could not be downloaded.');
      return;
    }
    const fallback = engine.searchEngineDetail?.originalFileName ?? `${engine.searchEngineName}.csv`;
    saveBlob(response.data, downloadFileName(response.headers, fallback));
  };

  const choose = (item: EngineMenuItem) => {
    setMenuAnchor(null);
    const refusal = engineActionRefusal(engine, item);
    if (refusal) {
      setNotice(refusal);
      return;
    }
    if (item === 'edit') navigate(`/engine/${type}/${encodeURIComponent(engine.id)}/edit`);
    else if (item === 'alerts') navigate(`/engine/${encodeURIComponent(engine.id)}/alerts`);
    else if (item === 'download') void download();
    else setDeleting(true);
  };

  return (
    <Card component="article" aria-labelledby={titleId} variant="outlined" sx={{ height: '100%' }}>
      <CardHeader
        title={engine.searchEngineName}
        slotProps={{ title: { id: titleId, component: 'h2', variant: 'h3' } }}
        action={
          menuItems.length > 0 && (
            <IconButton
              aria-label={`Actions for ${engine.searchEngineName}`}
              aria-haspopup="menu"
              aria-controls={menuAnchor ? menuId : undefined}
              aria-expanded={menuAnchor ? 'true' : 'false'}
              onClick={(event) => setMenuAnchor(event.currentTarget)}
            >
              <MoreVert />
            </IconButton>
          )
        }
      />
      <Menu id={menuId} anchorEl={menuAnchor} open={menuAnchor !== null} onClose={() => setMenuAnchor(null)}>
        {menuItems.flatMap((item) => [
          <MenuItem key={item} onClick={() => choose(item)}>
            {MENU_LABELS[item]}
          </MenuItem>,
          ...(item === 'edit' && publishable
            ? [
                <MenuItem
                  key="publish"
                  onClick={() => navigate(`/engine/${encodeURIComponent(engine.id)}/publish`)}
                >
                  Publish Versions
                </MenuItem>,
              ]
            : []),
        ])}
      </Menu>
      <CardContent sx={{ pt: 0 }}>
        {engine.health && (
          <EngineHealthSummary
            health={engine.health}
            type={engine.searchEngineType}
            onPublishHeld={menuItems.includes('edit') ? () => void publishHeld() : undefined}
          />
        )}
        <EngineFields engine={engine} accountName={accountName} showLocator={seesLocator(viewer)} />
        {notice && (
          <Alert severity="warning" onClose={() => setNotice(undefined)} sx={{ mt: 2 }}>
            {notice}
          </Alert>
        )}
      </CardContent>
      {buttons.length > 0 && (
        <CardActions sx={{ flexWrap: 'wrap', gap: 1 }}>
          {buttons.map((button) => {
            const id = encodeURIComponent(engine.id);
            if ((button === 'preview' || button === 'install') && unpublished)
              return (
                <DisabledWithReason
                  key={button}
                  label={button === 'preview' ? 'Preview' : 'Install'}
                  reason={unpublished}
                />
              );
            if (button === 'preview')
              return clientId ? (
                <Button
                  key={button}
                  component="a"
                  href={previewUrl(
                    config.apiBase,
                    engine.searchEngineType,
                    clientId,
                    engine.searchEngineName,
                  )}
                  target="_blank"
                  rel="noopener"
                >
                  Preview
                </Button>
              ) : (
                <Button key={button} disabled>
                  Preview
                </Button>
              );
            if (button === 'install')
              return (
                <Button key={button} component={RouterLink} to={`/engine/${id}/install/`}>
                  Install
                </Button>
              );
            if (button === 'analytics')
              return (
                <Button key={button} component={RouterLink} to={`/engine/${id}/analytics`}>
                  Analytics
                </Button>
              );
            return (
              <Button
                key={button}
                component={RouterLink}
                to={`/keywordcrawlreport/${encodeURIComponent(engine.accountId)}/${id}`}
              >
                Status
              </Button>
            );
          })}
        </CardActions>
      )}
      {deleting && (
        <DeleteEngineDialog
          engine={engine}
          onClose={() => setDeleting(false)}
          onDelete={() => onDelete(engine)}
        />
      )}
    </Card>
  );
}
