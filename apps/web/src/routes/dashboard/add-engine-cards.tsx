import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardActions from '@mui/material/CardActions';
import CardContent from '@mui/material/CardContent';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import type { AddEngineCard } from '@siteseer/core';
import { validateSiteUrlInput } from '@siteseer/core';
import { useId, useState } from 'react';
import { useNavigate } from 'react-router';
import { keywordWizardEntry } from '../keyword-wizard/wizard-entry.ts';
import { setPendingUpload } from '../parametric-wizard/pending-upload.ts';

const NO_ACCOUNT_TEXT = 'None of your accounts supports this type of search engine.';

/** What a disabled card says: why the viewer's role may not create the type, or that no account supports it. */
function disabledText(card: AddEngineCard): string {
  return card.refusal ?? NO_ACCOUNT_TEXT;
}

/** 'Add a New Parametric Search Engine': asks for a CSV or XLSX file, then opens the wizard with it. */
function AddParametricCard({ card }: { card: AddEngineCard }) {
  const { disabled } = card;
  const navigate = useNavigate();
  const headingId = useId();
  const inputId = useId();
  return (
    <Card component="section" aria-labelledby={headingId} variant="outlined" sx={{ height: '100%' }}>
      <CardContent>
        <Typography id={headingId} variant="h2" gutterBottom>
          Add a New Parametric Search Engine
        </Typography>
        <Typography color="text.secondary">
          {disabled
            ? disabledText(card)
            : 'Upload a CSV or XLSX file to build a parametric search engine from it.'}
        </Typography>
      </CardContent>
      <CardActions>
        <input
          id={inputId}
          type="file"
          accept=".csv,.xlsx"
          hidden
          disabled={disabled}
          aria-label="CSV or XLSX file"
          onChange={(event) => {
            const file = event.target.files?.[0];
            if (!file) return;
            setPendingUpload(file);
            navigate('/engine/parametric/create');
          }}
        />
        <Button
          variant="contained"
          disabled={disabled}
          onClick={() => document.getElementById(inputId)?.click()}
        >
          Upload CSV or XLSX File
        </Button>
      </CardActions>
    </Card>
  );
}

/** 'Add a New Keyword Search Engine': asks for a default site URL to crawl, then opens the wizard. */
function AddKeywordCard({ card }: { card: AddEngineCard }) {
  const { disabled } = card;
  const navigate = useNavigate();
  const headingId = useId();
  const [url, setUrl] = useState('');
  const [error, setError] = useState<string | undefined>();
  const submit = () => {
    const problem = validateSiteUrlInput(url);
    if (problem || url.trim() === '') {
      setError(problem ?? 'Enter a site URL to crawl.');
      return;
    }
    navigate('/engine/keyword/create', { state: keywordWizardEntry(url) });
  };
  return (
    <Card component="section" aria-labelledby={headingId} variant="outlined" sx={{ height: '100%' }}>
      <CardContent>
        <Typography id={headingId} variant="h2" gutterBottom>
          Add a New Keyword Search Engine
        </Typography>
        <Stack
          component="form"
          noValidate
          spacing={1}
          onSubmit={(event) => {
            event.preventDefault();
            submit();
          }}
        >
          <Typography color="text.secondary">
            {disabled ? disabledText(card) : 'Enter the default site URL to crawl.'}
          </Typography>
          <Stack direction="row" spacing={1} sx={{ alignItems: 'flex-start' }}>
            <TextField
              label="Default site URL"
              placeholder="https://www.example.com"
              size="small"
              fullWidth
              disabled={disabled}
              value={url}
              error={!!error}
              helperText={error}
              onChange={(event) => {
                setUrl(event.target.value);
                setError(undefined);
              }}
            />
            <Button type="submit" variant="contained" disabled={disabled}>
              Crawl
            </Button>
          </Stack>
        </Stack>
      </CardContent>
    </Card>
  );
}

/**
 * The add cards core decides to show (feature on, type filter allows), each disabled without an
 * account or when the viewer's role may not complete the create, with the reason in its text.
 */
export function AddEngineCards({ cards }: { cards: readonly AddEngineCard[] }) {
  return (
    <>
      {cards.map((card) =>
        card.productType === 'pm' ? (
          <AddParametricCard key="pm" card={card} />
        ) : (
          <AddKeywordCard key="kw" card={card} />
        ),
      )}
    </>
  );
}
