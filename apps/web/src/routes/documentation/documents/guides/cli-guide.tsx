import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { CopyBlock } from '../../../install/copy-block.tsx';
import { Code } from '../../parts/code.tsx';
import { DocSection } from '../../parts/doc-section.tsx';
import { GuideTable, portalOrigin } from './guide-parts.tsx';

const COMMANDS: readonly { command: string; what: string }[] = [
  {
    command: 'siteseer login',
    what: 'Sign in with the device flow: approve a one-time code in the browser.',
  },
  { command: 'siteseer whoami', what: 'Who you are signed in as: profile, accounts and roles.' },
  {
    command: 'siteseer engines',
    what: 'Search engines: list, show, create, upload, publish, history, config, download, snippet, delete, and curations (the URLs pinned or hidden for a query).',
  },
  { command: 'siteseer crawl', what: 'The crawl of a keyword engine: start, stop, report, watch, publish.' },
  { command: 'siteseer search', what: 'Search an engine as a visitor of the site would.' },
  {
    command: 'siteseer analytics',
    what: "An engine's searches, zero results, clicks and top queries for a period.",
  },
  { command: 'siteseer apikey', what: 'Account API keys, for CI.' },
  { command: 'siteseer users, accounts, features, maintenance', what: 'Administration, as the roles allow.' },
];

const EXIT_CODES: readonly { code: string; means: string }[] = [
  { code: '0', means: 'Done.' },
  { code: '1', means: 'An error (the message says what; --verbose adds the server’s problem document).' },
  { code: '2', means: 'A usage error, or cancelled.' },
  { code: '4', means: 'Authentication required: sign in, or set SITESEER_TOKEN or SITESEER_API_KEY.' },
];

/** The CLI: signing in, the commands for engines and crawls, CI use and exit codes. */
export function CliGuide() {
  const origin = portalOrigin();
  const start = `siteseer login --server ${origin}
siteseer engines list
siteseer engines create keyword --name "Docs search" --url https://docs.example.com/
siteseer crawl watch "Docs search"
siteseer search "Docs search" install the widget`;
  const ci = `export SITESEER_SERVER=${origin} SITESEER_API_KEY=ssk_...
ENGINE=$(siteseer engines create parametric --name "Product finder" --file products.csv --publish --json | jq -r .engineId)
siteseer engines upload "$ENGINE" --file products-v2.csv --publish --json`;
  return (
    <Stack spacing={4}>
      <Typography>
        The <Code>siteseer</Code> command does from a terminal or a CI pipeline what the portal does: engines,
        crawls, search, analytics and administration. <Code>siteseer --help</Code> lists the commands, and{' '}
        <Code>siteseer help COMMAND</Code> explains each with examples. An engine is named by its id or its
        exact name. It runs on Node.js 22.12 or later.
      </Typography>

      <DocSection title="Sign in and make an engine">
        <CopyBlock
          label="From a terminal"
          hint="The login prints a code to approve in your browser."
          code={start}
        />
        <Typography>
          On a terminal the output is for people (tables, a live crawl view); piped, or with{' '}
          <Code>--json</Code>, it is JSON for scripts.
        </Typography>
      </DocSection>

      <DocSection title="In a CI pipeline">
        <Typography>
          Set <Code>SITESEER_SERVER</Code> and an account API key in <Code>SITESEER_API_KEY</Code> (or an
          access token in <Code>SITESEER_TOKEN</Code>). The CLI then never prompts and never opens a browser.
          With an API key, <Code>engines create parametric</Code> and <Code>engines upload ENGINE-ID</Code>{' '}
          work (the key needs the engine id, which the create prints as <Code>engineId</Code>).
        </Typography>
        <CopyBlock label="Publish a table on every build" hint="jq reads the JSON answer." code={ci} />
      </DocSection>

      <DocSection title="Commands">
        <GuideTable
          caption="The siteseer commands"
          columns={['Command', 'What it does']}
          rows={COMMANDS.map((c) => ({ key: c.command, cells: [<Code key="c">{c.command}</Code>, c.what] }))}
        />
        <GuideTable
          caption="Exit codes"
          columns={['Code', 'Meaning']}
          rows={EXIT_CODES.map((e) => ({ key: e.code, cells: [e.code, e.means] }))}
        />
      </DocSection>
    </Stack>
  );
}
