import Link from '@mui/material/Link';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { canOpenDocument, DOCUMENTATION_GROUPS } from '@siteseer/core';
import { Link as RouterLink, useLocation, useParams } from 'react-router';
import { useScreenTitle } from '../../shell/page-title.ts';
import { useViewer } from '../../shell/session-data.ts';
import { ErrorView } from '../error/error-view.tsx';
import { notFoundReport } from '../error/not-found.ts';
import { documentPage } from './documents/document-pages.tsx';

/**
 * /documentation/{group}/{docId}: one document, with 'Back to Documentation'. A document that does
 * not exist, or that the viewer may not open (administration, unless super admin), is not found.
 */
export function Component() {
  const viewer = useViewer();
  const { pathname } = useLocation();
  const { group = '', docId = '' } = useParams();
  const groupEntry = DOCUMENTATION_GROUPS.find((g) => g.id === group);
  const entry = groupEntry?.documents.find((d) => d.id === docId);
  const page = documentPage(group, docId);
  const opens = groupEntry && entry && page && canOpenDocument(viewer, group, docId);
  useScreenTitle(opens ? entry.title : undefined);
  if (!groupEntry || !entry || !page || !canOpenDocument(viewer, group, docId)) {
    return <ErrorView report={notFoundReport(pathname)} />;
  }
  const { Content } = page;
  return (
    <Stack component="article" aria-labelledby="document-title" spacing={3} sx={{ maxWidth: '72rem' }}>
      <Link component={RouterLink} to="/documentation" sx={{ alignSelf: 'flex-start' }}>
        Back to Documentation
      </Link>
      <Stack spacing={0.5}>
        <Typography variant="overline" component="p">
          {groupEntry.title}
        </Typography>
        <Typography id="document-title" variant="h1">
          {entry.title}
        </Typography>
      </Stack>
      <Content />
    </Stack>
  );
}
