import Link from '@mui/material/Link';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { CopyBlock } from '../../../install/copy-block.tsx';
import { Code } from '../../parts/code.tsx';
import { DocSection } from '../../parts/doc-section.tsx';
import { GuideTable, portalOrigin } from './guide-parts.tsx';

const PUBLIC_CALLS: readonly { call: string; what: string }[] = [
  {
    call: 'GET /search/{clientId}/config',
    what: "The engine's name and tabs (a parametric engine: its columns and filters).",
  },
  {
    call: 'GET /search/{clientId}/keyword?q=&tab=&page=&pageSize=',
    what: 'A keyword search: total, each tab with its count, and the page of hits (url, title, snippet with <mark> on the query words, pinned, position), with took and searchId.',
  },
  { call: 'GET /search/{clientId}/suggest?q=', what: 'Up to 8 page titles for what is being typed.' },
  {
    call: 'POST /search/{clientId}/query',
    what: "A parametric search: the page of rows, the filters' facets, took and searchId.",
  },
  {
    call: 'POST /search/{clientId}/click',
    what: 'Records a click on a result for analytics: {"searchId","url","position"}; answers 204.',
  },
];

/** The API: the OpenAPI document, how to authenticate, the upload calls for CI and the public search calls. */
export function ApiGuide() {
  const origin = portalOrigin();
  const upload = `# an account API key: owners and admins make one in My Account
curl -H "X-Api-Key: $KEY" -F searchEngineName="Product finder" -F file=@products.csv \\
  ${origin}/api/datasource/parametric
# → {"engineId":…,"clientId":…,"importId":…,"version":1,"published":true,"rowCount":…}

# a new version of that engine's file, published at once
curl -H "X-Api-Key: $KEY" -F file=@products-v2.csv ${origin}/api/datasource/parametric/$ENGINE_ID`;
  const search = `curl "${origin}/search/$CLIENT_ID/keyword?q=install+sensor"`;
  return (
    <Stack spacing={4}>
      <Typography>
        Everything the portal does goes through the Siteseer API, and so can your scripts. The API document
        lists every call with its parameters, its answer and its errors, generated from the same schemas that
        check requests, so it is always the API this server runs.
      </Typography>

      <DocSection title="The API document">
        <Typography>
          <Link href={`${origin}/api/openapi.json`}>{`${origin}/api/openapi.json`}</Link> is an OpenAPI 3.1
          document: open it in any OpenAPI viewer, or generate a client from it. Calls are grouped by tags;
          the public search calls are under <Code>search</Code>. Errors are{' '}
          <Code>application/problem+json</Code> with a <Code>title</Code> and <Code>detail</Code> that say
          what went wrong.
        </Typography>
      </DocSection>

      <DocSection title="Authentication">
        <GuideTable
          caption="Ways to authenticate"
          columns={['Credential', 'Sent as', 'For']}
          rows={[
            {
              key: 'token',
              cells: [
                'Access token of a signed-in user',
                <Code key="h">Authorization: Bearer …</Code>,
                'Every portal call, with that user’s roles (the portal and the CLI sign in this way).',
              ],
            },
            {
              key: 'key',
              cells: [
                'Account API key',
                <Code key="h">X-Api-Key: …</Code>,
                'CI: creating and updating parametric engines from files, and analytics reports. Made in My Account by owners and admins, shown once; a new key replaces the old one.',
              ],
            },
            {
              key: 'none',
              cells: [
                'None',
                '–',
                "The public search calls below, by an engine's client id (the id in its install snippet).",
              ],
            },
          ]}
        />
      </DocSection>

      <DocSection title="Upload a table from CI">
        <CopyBlock
          label="Create and update a parametric engine"
          hint="Run from a shell with curl."
          code={upload}
        />
        <Typography>
          A step that may be retried sends an <Code>Idempotency-Key</Code> header: a retried call with the
          same key is stored once and gets the first answer.
        </Typography>
      </DocSection>

      <DocSection title="Search calls">
        <Typography>
          The widget uses these calls; your own front end can too. They need no credential, answer pages of
          the engine's allowed origin (its Origin setting, <Code>*</Code> for any), and are rate limited per
          visitor.
        </Typography>
        <GuideTable
          caption="Public search calls"
          columns={['Call', 'What it does']}
          rows={PUBLIC_CALLS.map((c) => ({ key: c.call, cells: [<Code key="c">{c.call}</Code>, c.what] }))}
        />
        <CopyBlock label="A keyword search" hint="CLIENT_ID is the engine's client id." code={search} />
      </DocSection>
    </Stack>
  );
}
