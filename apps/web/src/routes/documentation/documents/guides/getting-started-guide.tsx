import Link from '@mui/material/Link';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { LIMITS } from '@siteseer/core';
import { Link as RouterLink } from 'react-router';
import { Code } from '../../parts/code.tsx';
import { DocSection } from '../../parts/doc-section.tsx';
import { Steps } from './guide-parts.tsx';

/** Getting Started: a first parametric engine and a first keyword engine, each in about five minutes. */
export function GettingStartedGuide() {
  return (
    <Stack spacing={4}>
      <Typography>
        Siteseer has two kinds of search engine. A <strong>parametric</strong> engine is built from a table
        you upload (CSV or XLSX): visitors filter and search its rows. A <strong>keyword</strong> engine is
        built by crawling your web site: visitors search its pages by their words. Both start on the{' '}
        <Link component={RouterLink} to="/">
          Dashboard
        </Link>
        , and both end with a snippet to paste into your site.
      </Typography>

      <DocSection title="A parametric engine from a table">
        <Steps>
          <li>
            Prepare a CSV or XLSX file (the first sheet is read) of at most {LIMITS.uploadMaxKb} KB: one row
            of column names, then one row per item. Columns of numbers are recognised as such, so they can
            become range filters.
          </li>
          <li>
            On the Dashboard, in <strong>Add a New Parametric Search Engine</strong>, press{' '}
            <strong>Upload CSV or XLSX File</strong> and pick the file. The wizard opens.
          </li>
          <li>
            <strong>Name</strong>: choose the account and name the engine (at least{' '}
            {LIMITS.engineNameMinLength} characters). Press <strong>Next</strong>.
          </li>
          <li>
            <strong>Fields</strong>: choose which columns the results show, which become filters (a list of
            values, or a range for numbers), and their order. The preview shows the table as visitors will.
          </li>
          <li>
            Press <strong>Create &amp; Publish</strong>. The engine's card is on the Dashboard; its{' '}
            <strong>Preview</strong> button opens a search page with your data.
          </li>
          <li>
            Press <strong>Install</strong> on the card and copy its two snippets: the script goes in your
            page's <Code>&lt;head&gt;</Code>, the results tag where the results belong.
          </li>
        </Steps>
        <Typography>
          A new file later is a new version: upload it from the engine's Edit, or from a CI pipeline through
          the API or the CLI (see{' '}
          <Link component={RouterLink} to="/documentation/guides/api">
            The API
          </Link>{' '}
          and{' '}
          <Link component={RouterLink} to="/documentation/guides/cli">
            The CLI
          </Link>
          ). Publishing any version switches the search at once.
        </Typography>
      </DocSection>

      <DocSection title="A keyword engine from your site">
        <Steps>
          <li>
            On the Dashboard, in <strong>Add a New Keyword Search Engine</strong>, type your site's address in{' '}
            <strong>Default site URL</strong> and press <strong>Crawl</strong>. The Keyword Creation Wizard
            opens.
          </li>
          <li>
            <strong>Name</strong>: choose the account and name the engine. <strong>Crawler</strong>: the sites
            to crawl are listed; the defaults (page load delay 100ms, crawl frequency auto) suit most sites.
            URL filters and content targets are explained in{' '}
            <Link component={RouterLink} to="/documentation/guides/crawling">
              Crawling
            </Link>
            .
          </li>
          <li>
            Step through <strong>Influence</strong>, <strong>URL Rewriting</strong> and{' '}
            <strong>Synonyms</strong> (all optional, all editable later) to <strong>Review</strong>, and press{' '}
            <strong>Create &amp; Publish</strong>. The crawl starts at once.
          </li>
          <li>
            Press <strong>Status</strong> on the engine's card to follow the crawl report: each URL with its
            status. When the crawl ends, the report says{' '}
            <em>(Note: Crawler has completed and is no longer running.)</em> and its pages are searchable.
          </li>
          <li>
            <strong>Preview</strong> searches them; <strong>Install</strong> gives the snippets (a search box
            and the results) to paste into your site.
          </li>
        </Steps>
        <Typography>
          After the first crawl, <strong>Edit</strong> opens the Keyword Edit Wizard, where the Tabs step also
          appears. The crawl runs again on its crawl frequency; each finished crawl is published as a whole,
          and one that lost more than {LIMITS.crawlPublishMaxLossPercent} % of the published pages waits for
          you to publish it.
        </Typography>
      </DocSection>
    </Stack>
  );
}
