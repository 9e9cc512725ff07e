import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { isEquivalence } from '@siteseer/core';
import { CopyBlock } from '../../../install/copy-block.tsx';
import { Code } from '../../parts/code.tsx';
import { DocSection } from '../../parts/doc-section.tsx';
import { Facts, GuideTable } from './guide-parts.tsx';
import {
  CHARACTER_MAPPING_EXAMPLES,
  INVALID_REWRITE_RULES,
  REWRITE_EXAMPLES,
  SYNONYM_ERRORS,
  SYNONYM_EXAMPLES,
  SYNONYMS_FILE,
  type SynonymExample,
} from './text-rule-examples.ts';

const mono = {
  fontFamily: 'monospace',
  fontSize: '0.875rem',
  whiteSpace: 'pre-wrap',
  overflowWrap: 'anywhere',
} as const;

/** How a synonym rule reads: phrases quoted, since a phrase may hold a comma. */
function readAs(example: SynonymExample): string {
  const quoted = (phrases: readonly string[]) => phrases.map((phrase) => `"${phrase}"`);
  return isEquivalence(example)
    ? quoted(example.from).join(' = ')
    : `${quoted(example.from).join(', ')} → ${quoted(example.to).join(', ')}`;
}

/**
 * Synonyms, character mapping and URL rewriting: the syntax of the keyword wizard's text rules, with
 * examples that text-rule-examples.test.ts runs through core's parsers.
 */
export function TextRulesGuide() {
  return (
    <Stack spacing={4}>
      <Typography>
        Three settings of a keyword engine are written as text: the synonyms file and the character mapping
        (wizard step <strong>Synonyms</strong>) and the URL rewrite rules (step <strong>URL Rewriting</strong>
        ). Each applies as soon as it is published, without a new crawl.
      </Typography>

      <DocSection title="Synonyms">
        <Typography>
          A synonyms file is a <Code>.txt</Code> or <Code>.csv</Code> file of at most 1 MB, one rule a line,
          in the syntax of Solr's <Code>synonyms.txt</Code>. Phrases are separated by commas;{' '}
          <Code>=&gt;</Code> makes a rule one way. Lines starting with <Code>#</Code> and blank lines are
          skipped. A spreadsheet saved as CSV works too: each row is a group of equivalent phrases, and a file
          with no comma uses <Code>;</Code> or tab instead.
        </Typography>
        <GuideTable
          caption="Synonym lines and what they do"
          columns={['Line', 'Read as', 'What it does']}
          rows={SYNONYM_EXAMPLES.map((example) => ({
            key: example.line,
            cells: [
              <Typography key="line" component="code" sx={mono}>
                {example.line}
              </Typography>,
              readAs(example),
              example.says,
            ],
          }))}
        />
        <CopyBlock
          label="A synonyms file"
          hint="Save it as synonyms.txt and upload it."
          code={SYNONYMS_FILE}
        />
        <Typography>
          A file with a line that cannot be read is refused, and each such line is named:
        </Typography>
        <GuideTable
          caption="Synonym lines that are refused"
          columns={['File', 'Message']}
          rows={SYNONYM_ERRORS.map((example) => ({
            key: example.file,
            cells: [
              <Typography key="file" component="code" sx={mono}>
                {example.file}
              </Typography>,
              example.error,
            ],
          }))}
        />
      </DocSection>

      <DocSection title="Character mapping">
        <Typography>
          The character mapping rewrites characters of pages and of searches alike before they are compared,
          so a search typed without a special character still finds it. It is one text of pairs{' '}
          <Code>original =&gt; mapped</Code> separated by commas. Matching is exact (<Code>Ω</Code> and{' '}
          <Code>ω</Code> differ), the longest original wins, and a comma or <Code>=&gt;</Code> cannot be
          mapped. A new mapping rebuilds the engine's index.
        </Typography>
        <GuideTable
          caption="Character mappings and what they make of a text"
          columns={['Mapping', 'Text', 'Becomes', 'Why']}
          rows={CHARACTER_MAPPING_EXAMPLES.map((example) => ({
            key: example.mapping,
            cells: [
              <Typography key="mapping" component="code" sx={mono}>
                {example.mapping}
              </Typography>,
              example.text,
              example.becomes,
              example.says,
            ],
          }))}
        />
      </DocSection>

      <DocSection title="URL rewriting">
        <Typography>
          A rewrite rule changes the URLs of search results, not the pages crawled: a regular expression
          (JavaScript syntax), optional flags after a <Code>/</Code>, an arrow <Code>-&gt;</Code>, and the
          replacement, which may use <Code>$1</Code>, <Code>$&lt;name&gt;</Code> and <Code>$&amp;</Code>.
          Every rule applies, in order, each to the result of the one before.
        </Typography>
        <Facts>
          <li>
            The last arrow of the line splits it, so the pattern may hold one and the replacement cannot.
          </li>
          <li>
            A <Code>/</Code> followed only by flag letters (<Code>d g i m s u v y</Code>) just before the
            arrow is read as flags; any other <Code>/</Code> belongs to the pattern.
          </li>
          <li>
            A pattern that ends in <Code>/</Code> and such letters ends with a backslash instead of flags:{' '}
            <Code>/img\ -&gt;</Code>.
          </li>
        </Facts>
        <GuideTable
          caption="Rewrite rules and a URL each one rewrites"
          columns={['Rule', 'URL', 'Becomes', 'Why']}
          rows={REWRITE_EXAMPLES.map((example) => ({
            key: example.rule,
            cells: [
              <Typography key="rule" component="code" sx={mono}>
                {example.rule}
              </Typography>,
              example.url,
              example.becomes,
              example.says,
            ],
          }))}
        />
        <Typography>
          A rule whose pattern does not compile, or that has no arrow, is refused with{' '}
          <em>Invalid rewrite rule.</em> and the reason (which part, and why), for example{' '}
          {INVALID_REWRITE_RULES.map((rule, index) => (
            <span key={rule}>
              {index > 0 && ' or '}
              <Code>{rule}</Code>
            </span>
          ))}
          .
        </Typography>
      </DocSection>
    </Stack>
  );
}
