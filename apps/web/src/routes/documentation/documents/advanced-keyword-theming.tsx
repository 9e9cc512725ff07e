import Checkbox from '@mui/material/Checkbox';
import FormControl from '@mui/material/FormControl';
import FormControlLabel from '@mui/material/FormControlLabel';
import FormGroup from '@mui/material/FormGroup';
import FormLabel from '@mui/material/FormLabel';
import Link from '@mui/material/Link';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { KEYWORD_POPUP_PARTS, KEYWORD_WIDGET_PARTS } from '@siteseer/widget/reference';
import { useState } from 'react';
import { Link as RouterLink } from 'react-router';
import { CopyBlock } from '../../install/copy-block.tsx';
import { LiveWidget } from '../live-example/live-widget.tsx';
import { Code } from '../parts/code.tsx';
import { DocSection } from '../parts/doc-section.tsx';
import { PartTree } from '../parts/part-tree.tsx';
import { LAYOUT_EXAMPLES } from './layout-examples.ts';

const DARK_RULES = `/* Rules of yours that differ in the dark scheme: as the widget decides it */
@media (prefers-color-scheme: dark) {
  .siteseer:not([data-siteseer-theme="light"]) .siteseer-badge {
    box-shadow: 0 0 0 1px #ffffff40;
  }
}
.siteseer[data-siteseer-theme="dark"] .siteseer-badge {
  box-shadow: 0 0 0 1px #ffffff40;
}`;

/** Advanced Keyword Theming: the keyword widget's parts, its schemes and layout recipes, live. */
export function AdvancedKeywordTheming() {
  const [applied, setApplied] = useState<ReadonlySet<string>>(new Set());
  const toggle = (id: string, on: boolean) =>
    setApplied((current) => {
      const next = new Set(current);
      if (on) next.add(id);
      else next.delete(id);
      return next;
    });

  return (
    <Stack spacing={4}>
      <Typography>
        Beyond its{' '}
        <Link component={RouterLink} to="/documentation/keyword/theming-keyword-interface">
          custom properties
        </Link>
        , the keyword widget's elements carry stable classes and ARIA states that your stylesheet can target.
        The widget's own rules are written <Code>.siteseer .siteseer-…</Code> and its style element comes
        first in the page's head, so a rule of yours with the same selector wins. Use the classes and states
        listed here: other details of the markup may change between versions.
      </Typography>

      <DocSection title="The parts">
        <Typography>
          The widget with its own search box, outermost first. Parts with the <Code>hidden</Code> attribute
          (an empty result, a closed list) are not shown whatever your CSS says.
        </Typography>
        <PartTree root={KEYWORD_WIDGET_PARTS} label="Parts of the keyword widget" />
        <Typography>
          With the install page's Input tag, your page's own input is used and the widget renders no form: the
          suggestions go into a box right after your input.
        </Typography>
        <PartTree root={KEYWORD_POPUP_PARTS} label="Parts after your own input" />
      </DocSection>

      <DocSection title="Dark mode">
        <Typography>
          Rules that use the custom properties (<Code>var(--siteseer-border)</Code> and the others) follow the
          scheme by themselves, as in every example below. A rule that must differ in the dark scheme uses the
          widget's own conditions: the visitor prefers dark and the site did not pin light, or the site pinned
          dark with <Code>data-siteseer-theme="dark"</Code>.
        </Typography>
        <CopyBlock label="Rules for the dark scheme" hint="In your site's stylesheet." code={DARK_RULES} />
      </DocSection>

      <DocSection title="Layout">
        <Typography>
          Results, tabs and suggestions are laid out by ordinary CSS (flex boxes and lists), so they can be
          rearranged. Each recipe below can be applied to the live widget at the end of this section.
        </Typography>
        {LAYOUT_EXAMPLES.map((example) => (
          <CopyBlock key={example.id} label={example.title} hint={example.summary} code={example.css} />
        ))}
        <FormControl component="fieldset">
          <FormLabel component="legend">Apply to the live example</FormLabel>
          <FormGroup>
            {LAYOUT_EXAMPLES.map((example) => (
              <FormControlLabel
                key={example.id}
                label={example.title}
                control={
                  <Checkbox
                    checked={applied.has(example.id)}
                    onChange={(event) => toggle(example.id, event.target.checked)}
                  />
                }
              />
            ))}
          </FormGroup>
        </FormControl>
        {LAYOUT_EXAMPLES.filter((example) => applied.has(example.id)).map((example) => (
          // Our own constant CSS (layout-examples.ts), never text a user typed.
          <style key={example.id}>{example.css}</style>
        ))}
        <LiveWidget kind="keyword" />
      </DocSection>
    </Stack>
  );
}
