import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import Tooltip from '@mui/material/Tooltip';
import Typography from '@mui/material/Typography';
import { TIMING } from '@siteseer/core';
import { useEffect, useId, useRef, useState } from 'react';

/**
 * A snippet to copy: its label, where it goes, the code, and a Copy button whose tooltip says 'Copy',
 * then 'Copied!' after a copy, and hides after 1 second. Its heading is a level 3 under a section's
 * heading, or the given level (the Install page's snippets are level 2, right under its title).
 */
export function CopyBlock({
  label,
  hint,
  code,
  headingLevel = 3,
}: {
  label: string;
  hint: string;
  code: string;
  headingLevel?: 2 | 3;
}) {
  const [tooltipOpen, setTooltipOpen] = useState(false);
  const [copied, setCopied] = useState(false);
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  const headingId = useId();
  useEffect(() => () => clearTimeout(timer.current), []);

  const hideSoon = () => {
    clearTimeout(timer.current);
    timer.current = setTimeout(() => {
      setTooltipOpen(false);
      setCopied(false);
    }, TIMING.copyTooltipMs);
  };
  const copy = async () => {
    await navigator.clipboard.writeText(code);
    setCopied(true);
    setTooltipOpen(true);
    hideSoon();
  };

  return (
    <Box component="section" aria-labelledby={headingId}>
      <Stack direction="row" spacing={2} sx={{ alignItems: 'center', mb: 1 }}>
        <Typography id={headingId} variant="h3" component={`h${headingLevel}`}>
          {label}
        </Typography>
        <Tooltip
          describeChild
          title={copied ? 'Copied!' : 'Copy'}
          open={tooltipOpen}
          onOpen={() => {
            setTooltipOpen(true);
            hideSoon();
          }}
          onClose={() => {
            if (!copied) setTooltipOpen(false);
          }}
        >
          <Button variant="outlined" size="small" aria-label={`Copy ${label}`} onClick={() => void copy()}>
            Copy
          </Button>
        </Tooltip>
      </Stack>
      <Typography variant="body2" color="text.secondary" gutterBottom>
        {hint}
      </Typography>
      <Box
        component="pre"
        tabIndex={0}
        aria-label={label}
        sx={{ p: 2, m: 0, bgcolor: 'action.hover', overflow: 'auto', fontSize: '0.85rem', borderRadius: 1 }}
      >
        <code>{code}</code>
      </Box>
    </Box>
  );
}
