import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import type { WidgetPart } from '@siteseer/widget/reference';
import { Code } from './code.tsx';

/** `div.siteseer.siteseer--keyword` or `a.siteseer-hit-title` / `span.siteseer-hit-title`. */
function partSelector(part: WidgetPart): string {
  const classes = part.classes.map((name) => `.${name}`).join('');
  return part.tags.map((tag) => `${tag}${classes}`).join(' or ');
}

function PartItem({ part }: { part: WidgetPart }) {
  return (
    <li>
      <Typography component="span">
        <Code>{partSelector(part)}</Code>
        {part.role ? ` (role ${part.role})` : ''}: {part.description}
      </Typography>
      {part.inner && (
        <Typography component="span" variant="body2" sx={{ display: 'block' }}>
          Inside: <Code>{part.inner}</Code>
        </Typography>
      )}
      {(part.states?.length ?? 0) > 0 && (
        <Box component="ul" sx={{ my: 0.5 }}>
          {part.states?.map((state) => (
            <li key={state.selector}>
              <Typography component="span" variant="body2">
                <Code>{state.selector}</Code>: {state.description}
              </Typography>
            </li>
          ))}
        </Box>
      )}
      {part.children && <PartList parts={part.children} />}
    </li>
  );
}

function PartList({ parts }: { parts: readonly WidgetPart[] }) {
  return (
    <Box component="ul" sx={{ pl: 3, my: 0.5 }}>
      {parts.map((part) => (
        <PartItem key={partSelector(part)} part={part} />
      ))}
    </Box>
  );
}

/** The widget's DOM as nested lists: each part's element and classes, role, meaning and states. */
export function PartTree({ root, label }: { root: WidgetPart; label: string }) {
  return (
    <Box component="section" aria-label={label}>
      <PartList parts={[root]} />
    </Box>
  );
}
