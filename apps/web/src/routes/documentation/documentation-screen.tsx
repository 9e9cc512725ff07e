import Link from '@mui/material/Link';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { documentationFor } from '@siteseer/core';
import { Link as RouterLink } from 'react-router';
import { useViewer } from '../../shell/session-data.ts';
import { documentPage } from './documents/document-pages.tsx';
import { DocSection } from './parts/doc-section.tsx';

/** /documentation: the groups the viewer sees (administration for super admins only) and their documents. */
export function Component() {
  const viewer = useViewer();
  return (
    <Stack spacing={4}>
      <Typography variant="h1">Documentation</Typography>
      {documentationFor(viewer).map((group) => (
        <DocSection key={group.id} title={group.title}>
          <Stack component="ul" spacing={2} sx={{ listStyle: 'none', m: 0, p: 0 }}>
            {group.documents.map((document) => (
              <li key={document.id}>
                <Link component={RouterLink} to={`/documentation/${group.id}/${document.id}`} variant="h3">
                  {document.title}
                </Link>
                <Typography variant="body2" color="text.secondary">
                  {documentPage(group.id, document.id)?.summary}
                </Typography>
              </li>
            ))}
          </Stack>
        </DocSection>
      ))}
    </Stack>
  );
}
