import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import ButtonBase from '@mui/material/ButtonBase';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import type { KeywordWizardSections, KeywordWizardStep } from '@siteseer/core';
import { useId } from 'react';
import { CRAWLER_CHANGES_LABEL, crawlerChangesReviewNote } from './crawler-changes.ts';
import type { KeywordDraft } from './draft.ts';
import { type ReviewBlock, reviewBlocks } from './review-blocks.ts';

function Block({ block, onOpen }: { block: ReviewBlock; onOpen: () => void }) {
  const headingId = useId();
  return (
    // The heading's button is the keyboard's way in; a click anywhere on the block does the same.
    <Card
      component="section"
      aria-labelledby={headingId}
      variant="outlined"
      onClick={onOpen}
      sx={{ cursor: 'pointer' }}
    >
      <CardContent>
        <Typography id={headingId} variant="h3" gutterBottom>
          <ButtonBase
            onClick={(event) => {
              event.stopPropagation();
              onOpen();
            }}
            sx={{ font: 'inherit', textDecoration: 'underline', textUnderlineOffset: 4 }}
          >
            {block.title}
          </ButtonBase>
        </Typography>
        <Box
          component="dl"
          sx={{ display: 'grid', gridTemplateColumns: 'minmax(10rem, max-content) 1fr', gap: 1, m: 0 }}
        >
          {block.facts.map(([label, value]) => (
            <Box key={label} sx={{ display: 'contents' }}>
              <Typography component="dt" variant="body2" color="text.secondary">
                {label}
              </Typography>
              <Typography
                component="dd"
                variant="body2"
                sx={{ m: 0, whiteSpace: 'pre-line', overflowWrap: 'anywhere' }}
              >
                {value}
              </Typography>
            </Box>
          ))}
        </Box>
      </CardContent>
    </Card>
  );
}

/**
 * Step 'Review': read-only summary blocks of the draft (name and account; crawler settings; tagging;
 * tabs and cross-reference category; relevance and result ranking; synonyms and character mapping;
 * URL rewrite rules), each opening its step. A block whose step the viewer does not get is left out.
 * Before them, when an edit changed crawler settings, a note that they take effect as pages are
 * crawled again, not on Publish.
 */
export function ReviewStep({
  draft,
  accountName,
  steps,
  sections,
  crawlerChanges,
  onOpen,
}: {
  draft: KeywordDraft;
  accountName: string;
  steps: readonly KeywordWizardStep[];
  sections: KeywordWizardSections;
  /** The crawler settings an edit changed (crawler-changes.ts); empty when creating. */
  crawlerChanges: readonly string[];
  onOpen: (step: KeywordWizardStep) => void;
}) {
  const blocks = reviewBlocks(draft, accountName, sections).filter((block) => steps.includes(block.step));
  return (
    <Stack spacing={2} sx={{ maxWidth: 900 }}>
      <Typography variant="h2">Review</Typography>
      {crawlerChanges.length > 0 && (
        <Alert severity="info" role="note" aria-label={CRAWLER_CHANGES_LABEL}>
          {crawlerChangesReviewNote(crawlerChanges)}
        </Alert>
      )}
      {blocks.map((block) => (
        <Block key={block.title} block={block} onOpen={() => onOpen(block.step)} />
      ))}
    </Stack>
  );
}
