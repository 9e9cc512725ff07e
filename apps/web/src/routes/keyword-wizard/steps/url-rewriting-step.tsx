import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import { addRewriteRule, createUrlRewriter, removeRewriteRule, validateRewriteRule } from '@siteseer/core';
import { useId, useMemo, useRef, useState } from 'react';
import { useFocusAfterRemove } from '../../../shell/use-focus-after-remove.ts';
import type { KeywordStepProps } from '../step-props.ts';
import { AddEntryField } from './add-entry-field.tsx';
import { TryBox } from './try-box.tsx';
import { visuallyHidden } from './visually-hidden.ts';

/**
 * URL Rewriting: rules `regex/flags -> replacement` (core's grammar), listed with their text and
 * parsed form, and a "try a URL" box showing what the rules make of a URL with core's rewriter, the
 * one the search runtime applies to results.
 */
export function UrlRewritingStep({ settings, onChange }: KeywordStepProps) {
  const rules = settings.urlRewriteRules;
  const [text, setText] = useState('');
  const [error, setError] = useState<string | undefined>();
  const ruleInput = useRef<HTMLInputElement>(null);
  const removal = useFocusAfterRemove<HTMLTableElement>(rules.length, () => ruleInput.current);
  const headingId = useId();

  const add = () => {
    // The reason (which part core's parser rejects) goes after the spec's message.
    const invalid = validateRewriteRule(text);
    if (invalid) {
      setError(invalid);
      return;
    }
    const result = addRewriteRule(rules, text);
    if (!result.ok) {
      setError(result.error);
      return;
    }
    onChange({ urlRewriteRules: result.value });
    setText('');
    setError(undefined);
  };

  return (
    <Stack spacing={3}>
      <Typography>
        Rewrite the URLs of search results, for example to send visitors to a mirror or to https. A rule is a
        regular expression, optional flags after a slash, an arrow and a replacement; $1 or $&lt;name&gt; put
        a captured group in. Every rule applies, in order, to the result of the one before.
      </Typography>
      <AddEntryField
        label="Rewrite rule"
        addText="Add Rule"
        inputRef={ruleInput}
        value={text}
        error={error}
        helperText="e.g. ^http://(.*)/i -> https://$1"
        onChange={(value) => {
          setText(value);
          setError(undefined);
        }}
        onAdd={add}
      />
      <Box>
        <Typography id={headingId} variant="h3" component="h2" gutterBottom>
          Rewrite rules
        </Typography>
        {rules.length === 0 ? (
          <Typography>No rewrite rules yet.</Typography>
        ) : (
          // Long rules do not fit a phone: the table scrolls sideways on its own, not the page.
          <TableContainer>
            <Table ref={removal.containerRef} size="small" aria-labelledby={headingId}>
              <TableHead>
                <TableRow>
                  <TableCell>Rule</TableCell>
                  <TableCell>Pattern</TableCell>
                  <TableCell>Flags</TableCell>
                  <TableCell>Replacement</TableCell>
                  <TableCell>
                    <Box component="span" sx={visuallyHidden}>
                      Actions
                    </Box>
                  </TableCell>
                </TableRow>
              </TableHead>
              <TableBody>
                {rules.map((rule, index) => (
                  <TableRow key={rule.rule}>
                    <TableCell sx={code}>{rule.rule}</TableCell>
                    <TableCell sx={code}>{rule.config.pattern}</TableCell>
                    <TableCell sx={code}>{rule.config.flags || 'none'}</TableCell>
                    <TableCell sx={code}>{rule.config.replacement || '(empty)'}</TableCell>
                    <TableCell>
                      <Button
                        color="error"
                        aria-label={`Remove rule ${rule.rule}`}
                        data-remove
                        onClick={() => {
                          removal.removing(index);
                          onChange({ urlRewriteRules: removeRewriteRule(rules, rule.rule) });
                        }}
                      >
                        Remove
                      </Button>
                    </TableCell>
                  </TableRow>
                ))}
              </TableBody>
            </Table>
          </TableContainer>
        )}
      </Box>
      <TryUrl rules={rules} />
    </Stack>
  );
}

/** What the rules make of a URL the user types, as search results will show it. */
function TryUrl({ rules }: { rules: KeywordStepProps['settings']['urlRewriteRules'] }) {
  const rewrite = useMemo(() => createUrlRewriter(rules), [rules]);
  const outcome = (url: string) => {
    if (url === '') return 'Type a URL to see what the rules make of it.';
    const rewritten = rewrite(url);
    return rewritten === url ? `No rule changes it: ${rewritten}` : `Rewritten: ${rewritten}`;
  };
  return (
    <TryBox
      title="Try a URL"
      headingLevel="h2"
      label="URL to try"
      show={(url) => <Typography>{outcome(url.trim())}</Typography>}
    />
  );
}

const code = { fontFamily: 'monospace', wordBreak: 'break-all' } as const;
