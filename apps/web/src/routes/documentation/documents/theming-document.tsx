import Link from '@mui/material/Link';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import type { WidgetModeName } from '@siteseer/widget/reference';
import { Link as RouterLink } from 'react-router';
import { CopyBlock } from '../../install/copy-block.tsx';
import { LiveThemingExample } from '../live-example/live-theming-example.tsx';
import { Code } from '../parts/code.tsx';
import { DocSection } from '../parts/doc-section.tsx';
import { PropertyTable } from '../parts/property-table.tsx';

const BRAND_EXAMPLE = `.siteseer {
  --siteseer-accent: #8a2be2;
  --siteseer-radius: 0;
  --siteseer-font: Georgia, serif;
}`;

const DARK_EXAMPLE = `/* Your own colours, in both schemes */
.siteseer {
  --siteseer-bg: #fdf8f0;
  --siteseer-fg: #2b2118;
}
@media (prefers-color-scheme: dark) {
  .siteseer:not([data-siteseer-theme="light"]) {
    --siteseer-bg: #1e1a16;
    --siteseer-fg: #f3ece3;
  }
}`;

const LINKED_STYLES = `<script src="{base}/widget/siteseer-widget.js" data-siteseer-client="{clientId}"
  data-siteseer-api="{base}" data-siteseer-styles="none" defer></script>
<link rel="stylesheet" href="{base}/widget/siteseer-widget.css">`;

const WHAT: Record<WidgetModeName, string> = {
  parametric: 'the search bar, the filters, the results table and the pager',
  keyword: 'the search box with its suggestions, the result tabs, the results and the pager',
};

/** Theming Parametric Interface and Theming Keyword Interface: the custom properties of one mode. */
export function ThemingDocument({ mode }: { mode: WidgetModeName }) {
  const label = mode === 'parametric' ? 'parametric' : 'keyword';
  return (
    <Stack spacing={4}>
      <Typography>
        The {label} search widget draws {WHAT[mode]} with its own stylesheet, and every colour, font, corner
        and space in it comes from a CSS custom property. Set them on <Code>.siteseer</Code> in your site's
        stylesheet: the widget declares its defaults with no specificity at all (
        <Code>:where(.siteseer)</Code>), so your rule wins wherever your stylesheet loads.
      </Typography>
      <CopyBlock label="Example: your brand" hint="In your site's stylesheet." code={BRAND_EXAMPLE} />

      <DocSection title="Custom properties">
        <Typography>
          Every property the {label} widget reads, with its default in the light scheme and in the dark one.
        </Typography>
        <PropertyTable mode={mode} caption={`Custom properties of the ${label} widget`} />
      </DocSection>

      <DocSection title="Try it">
        <Typography>
          The real widget, as your pages load it, on a small sample engine. Type a value (for a colour, any
          CSS colour such as <Code>#8a2be2</Code> or <Code>rebeccapurple</Code>; for a length, such as{' '}
          <Code>0</Code> or <Code>1.25rem</Code>) and the widget changes as you type.
        </Typography>
        <LiveThemingExample mode={mode} />
      </DocSection>

      <DocSection title="Light and dark">
        <Typography>
          The dark defaults apply when the visitor's system prefers a dark scheme. A site with one scheme only
          pins it on the script tag: <Code>data-siteseer-theme="light"</Code> (or <Code>"dark"</Code>; the{' '}
          <Code>theme</Code> option of <Code>Siteseer.mount</Code> does the same). When you change the
          colours, change <Code>--siteseer-bg</Code> and <Code>--siteseer-fg</Code> together, in each scheme
          your site has.
        </Typography>
        <CopyBlock label="Example: both schemes" hint="In your site's stylesheet." code={DARK_EXAMPLE} />
      </DocSection>

      <DocSection title="A strict Content Security Policy">
        <Typography>
          The script adds its stylesheet as a <Code>style</Code> element (with the script tag's{' '}
          <Code>nonce</Code>, if it has one). If your policy allows neither, turn that off and link the same
          stylesheet instead; the custom properties work the same.
        </Typography>
        <CopyBlock label="Linked stylesheet" hint="In the head of your page." code={LINKED_STYLES} />
      </DocSection>

      {mode === 'keyword' && (
        <Typography>
          To change more than the custom properties (the layout of results, tabs or suggestions), see{' '}
          <Link component={RouterLink} to="/documentation/keyword/advanced-keyword-theming">
            Advanced Keyword Theming
          </Link>
          .
        </Typography>
      )}
    </Stack>
  );
}
