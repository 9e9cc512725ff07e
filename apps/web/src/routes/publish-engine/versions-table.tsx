import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import Stack from '@mui/material/Stack';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import type { SpreadsheetHistoryEntry } from '@siteseer/core';
import { useId } from 'react';
import { formatDateTime } from '../../shell/date-time.ts';
import { uploaderText } from './publish-access.ts';

const HEADERS = ['Version', 'File', 'Uploaded', 'Rows', 'Uploaded by', 'Status', 'Actions'] as const;

/** A version's upload time, to the minute: two uploads of one day must tell apart. */
export function uploadedAt(iso: string): string {
  return formatDateTime(iso);
}

/**
 * The versions of an engine's file, newest first: the live one marked, each with Download (when
 * the viewer may download) and the others with Publish. Each row's buttons are described by its
 * version, so 'Publish' is never heard without knowing which.
 */
export function VersionsTable({
  labelledBy,
  entries,
  liveVersion,
  canDownload,
  onDownload,
  onPublish,
}: {
  labelledBy: string;
  entries: readonly SpreadsheetHistoryEntry[];
  liveVersion: number | undefined;
  canDownload: boolean;
  onDownload: (entry: SpreadsheetHistoryEntry) => void;
  onPublish: (entry: SpreadsheetHistoryEntry) => void;
}) {
  const idBase = useId();
  const newestFirst = [...entries].sort((a, b) => b.version - a.version);
  return (
    <TableContainer>
      <Table size="small" aria-labelledby={labelledBy}>
        <TableHead>
          <TableRow>
            {HEADERS.map((header) => (
              <TableCell key={header} component="th" scope="col">
                {header}
              </TableCell>
            ))}
          </TableRow>
        </TableHead>
        <TableBody>
          {newestFirst.map((entry) => {
            const live = entry.version === liveVersion;
            const rowId = `${idBase}-v${entry.version}`;
            return (
              <TableRow key={entry.version}>
                <TableCell component="th" scope="row" id={rowId}>
                  Version {entry.version}
                </TableCell>
                <TableCell sx={{ overflowWrap: 'anywhere' }}>{entry.originalFileName}</TableCell>
                <TableCell>{uploadedAt(entry.uploadDate)}</TableCell>
                <TableCell>{entry.rowCount?.toLocaleString() ?? ''}</TableCell>
                <TableCell sx={{ overflowWrap: 'anywhere' }}>{uploaderText(entry.uploadedBy)}</TableCell>
                <TableCell>{live && <Chip label="Live" color="success" size="small" />}</TableCell>
                <TableCell>
                  <Stack direction="row" spacing={1}>
                    {canDownload && (
                      <Button size="small" aria-describedby={rowId} onClick={() => onDownload(entry)}>
                        Download
                      </Button>
                    )}
                    {!live && (
                      <Button
                        size="small"
                        variant="outlined"
                        aria-describedby={rowId}
                        onClick={() => onPublish(entry)}
                      >
                        Publish
                      </Button>
                    )}
                  </Stack>
                </TableCell>
              </TableRow>
            );
          })}
        </TableBody>
      </Table>
    </TableContainer>
  );
}
