import Alert from '@mui/material/Alert';
import Stack from '@mui/material/Stack';
import { useQuery } from '@tanstack/react-query';
import { errorText } from '../../api/error-text.ts';
import { snippetQuery } from '../../api/queries.ts';
import { Loading } from '../../shell/loading.tsx';
import { useServices } from '../../shell/services.tsx';
import { CopyBlock } from './copy-block.tsx';

/** A parametric engine's Script (head) and Results tag (body), from the client snippet call. */
export function ParametricInstall({ clientId }: { clientId: string }) {
  const { api } = useServices();
  const snippet = useQuery(snippetQuery(api, clientId, 'pm'));
  if (snippet.isPending) return <Loading label="Loading the snippet" />;
  if (snippet.isError) return <Alert severity="error">{errorText(snippet.error)}</Alert>;
  return (
    <Stack spacing={3}>
      <CopyBlock
        headingLevel={2}
        label="Script"
        hint="Put this in the head of your page."
        code={snippet.data.head}
      />
      <CopyBlock
        headingLevel={2}
        label="Results tag"
        hint="Put this in the body, where the results go."
        code={snippet.data.body}
      />
    </Stack>
  );
}
