import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import type { SearchEngine } from '@siteseer/core';
import { engineIndexName, isIngestApiEngine, MESSAGES, PRODUCT_LABELS } from '@siteseer/core';
import type { ReactNode } from 'react';
import { formatDateTime } from '../../shell/date-time.ts';

function Field({ label, children }: { label: string; children: ReactNode }) {
  return (
    <Box sx={{ display: 'grid', gridTemplateColumns: '10rem 1fr', gap: 1 }}>
      <Typography component="dt" variant="body2" color="text.secondary">
        {label}
      </Typography>
      <Typography component="dd" variant="body2" sx={{ m: 0, overflowWrap: 'anywhere' }}>
        {children}
      </Typography>
    </Box>
  );
}

/**
 * The engine card's fields: Account, Locator (super admins), Search Engine Type, Created Date; for
 * parametric engines Upload Date and Current File, or the data-source API note, or the missing-details
 * warning; for keyword engines their sites.
 */
export function EngineFields({
  engine,
  accountName,
  showLocator,
}: {
  engine: SearchEngine;
  accountName: string;
  showLocator: boolean;
}) {
  const detail = engine.searchEngineDetail;
  const ingest = isIngestApiEngine(engine);
  return (
    <>
      <Box component="dl" sx={{ m: 0, display: 'flex', flexDirection: 'column', gap: 0.5 }}>
        <Field label="Account">{accountName}</Field>
        {showLocator && <Field label="Locator">{engineIndexName(engine)}</Field>}
        <Field label="Search Engine Type">{PRODUCT_LABELS[engine.searchEngineType]}</Field>
        <Field label="Created Date">{formatDateTime(engine.createdDate)}</Field>
        {engine.searchEngineType === 'pm' && !ingest && detail && (
          <>
            <Field label="Upload Date">{formatDateTime(detail.uploadDate)}</Field>
            <Field label="Current File">{detail.originalFileName}</Field>
          </>
        )}
        {engine.searchEngineType === 'kw' && (
          <Field label="Sites">
            {engine.urls.length === 0 ? (
              'None'
            ) : (
              <Box component="ul" sx={{ m: 0, pl: 2 }}>
                {engine.urls.map((url) => (
                  <li key={url}>{url}</li>
                ))}
              </Box>
            )}
          </Field>
        )}
      </Box>
      {engine.searchEngineType === 'pm' && ingest && (
        <Typography variant="body2" sx={{ mt: 1 }}>
          {MESSAGES.ingestApiEngineNote}
        </Typography>
      )}
      {engine.searchEngineType === 'pm' && !ingest && !detail && (
        <Typography variant="body2" color="error" sx={{ mt: 1, fontWeight: 600 }}>
          {MESSAGES.engineDetailsMissing}
        </Typography>
      )}
    </>
  );
}
