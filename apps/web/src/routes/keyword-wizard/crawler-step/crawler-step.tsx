import Alert from '@mui/material/Alert';
import FormControlLabel from '@mui/material/FormControlLabel';
import MenuItem from '@mui/material/MenuItem';
import Stack from '@mui/material/Stack';
import Switch from '@mui/material/Switch';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import type {
  CrawlFrequency,
  FieldErrors,
  KeywordSettings,
  KeywordWizardSections,
  PageLoadDelay,
  SiteSignIn,
} from '@siteseer/core';
import { CRAWL_FREQUENCIES, PAGE_LOAD_DELAYS } from '@siteseer/core';
import { type ReactNode, useId } from 'react';
import { CRAWLER_CHANGES_LABEL, CRAWLER_CHANGES_NOTE } from '../crawler-changes.ts';
import { ContentTargets } from './content-targets.tsx';
import { CustomTags } from './custom-tags.tsx';
import { DocumentTypes } from './document-types.tsx';
import { IgnoredParameters } from './ignored-parameters.tsx';
import { RenderJavaScript } from './render-javascript.tsx';
import { PendingSiteSignIns, SiteSignIns } from './site-sign-ins.tsx';
import { SiteUrls } from './site-urls.tsx';
import { UrlFilters } from './url-filters.tsx';

const ORIGIN_HINT = 'Leave the (*) wildcard to allow any host.';

function Part({ title, children }: { title: string; children: ReactNode }) {
  const headingId = useId();
  return (
    <Stack component="section" aria-labelledby={headingId} spacing={1.5}>
      <Typography id={headingId} variant="h3">
        {title}
      </Typography>
      {children}
    </Stack>
  );
}

/**
 * Step 'Crawler': the sites, origin, hash fragments, ignored URL parameters, URL filters
 * (KW_WIZARD_URL_FILTERING), page load delay, crawl frequency (KW_WIZARD_CRAWL_FREQUENCY), whether
 * pages are rendered with JavaScript, the documents to index, content and exclude targets, and custom
 * tags; each site's sign-in (sites behind a login): set on a saved engine at once, a new one's
 * sent by the save.
 * In edit mode a note says these take effect as pages are crawled again, not on Publish.
 */
export function CrawlerStep({
  settings,
  onChange,
  mode,
  sections,
  errors,
  newUrl,
  onNewUrl,
  engine,
  signIns,
  onSignIn,
}: {
  settings: KeywordSettings;
  onChange: (patch: Partial<KeywordSettings>) => void;
  mode: 'create' | 'edit';
  /** The saved engine (edit mode): its sites' sign-ins are set on it directly. */
  engine?: { engineId: string; accountId: string; urls: readonly string[] } | undefined;
  sections: KeywordWizardSections;
  errors: FieldErrors;
  newUrl: string;
  onNewUrl: (value: string) => void;
  /** A new engine's sign-ins, kept in the draft until the save sends them. */
  signIns: Readonly<Record<string, SiteSignIn>>;
  onSignIn: (site: string, signIn: SiteSignIn | undefined) => void;
}) {
  return (
    <Stack spacing={4} sx={{ maxWidth: 720 }}>
      <Typography variant="h2">Crawler</Typography>
      {mode === 'edit' && (
        <Alert severity="info" role="note" aria-label={CRAWLER_CHANGES_LABEL}>
          {CRAWLER_CHANGES_NOTE}
        </Alert>
      )}
      <Part title="Sites to crawl">
        <SiteUrls
          urls={settings.urls}
          newUrl={newUrl}
          mode={mode}
          listError={errors.urls}
          onUrls={(urls) => onChange({ urls })}
          onNewUrl={onNewUrl}
        />
        <TextField
          label="Origin"
          required
          size="small"
          value={settings.origin}
          error={!!errors.origin}
          helperText={errors.origin ?? ORIGIN_HINT}
          onChange={(event) => onChange({ origin: event.target.value })}
        />
        <FormControlLabel
          control={
            <Switch
              checked={settings.removeHashFragments}
              onChange={(event) => onChange({ removeHashFragments: event.target.checked })}
            />
          }
          label="Remove hash fragments from URLs"
        />
        <IgnoredParameters
          parameters={settings.ignoreParameters}
          error={errors.ignoreParameters}
          onParameters={(ignoreParameters) => onChange({ ignoreParameters })}
        />
      </Part>
      <Part title="Sites behind a login">
        {engine ? (
          <SiteSignIns engineId={engine.engineId} accountId={engine.accountId} urls={engine.urls} />
        ) : (
          <PendingSiteSignIns urls={settings.urls} signIns={signIns} onSignIn={onSignIn} />
        )}
      </Part>
      {sections.urlFiltering && (
        <Part title="URL filters">
          <UrlFilters filters={settings.urlFilters} onFilters={(urlFilters) => onChange({ urlFilters })} />
        </Part>
      )}
      <Part title="Crawling">
        <TextField
          select
          label="Page load delay"
          size="small"
          value={settings.pageLoadDelay}
          helperText="The wait between two pages of the same site."
          onChange={(event) => onChange({ pageLoadDelay: event.target.value as PageLoadDelay })}
        >
          {PAGE_LOAD_DELAYS.map((delay) => (
            <MenuItem key={delay.value} value={delay.value}>
              {delay.label}
            </MenuItem>
          ))}
        </TextField>
        {sections.crawlFrequency && (
          <TextField
            select
            label="Crawl frequency"
            size="small"
            value={settings.crawlFrequency}
            helperText="How often the sites are crawled again (auto: as often as their pages change)."
            onChange={(event) => onChange({ crawlFrequency: event.target.value as CrawlFrequency })}
          >
            {CRAWL_FREQUENCIES.map((frequency) => (
              <MenuItem key={frequency.value} value={frequency.value}>
                {frequency.label}
              </MenuItem>
            ))}
          </TextField>
        )}
        <RenderJavaScript
          on={settings.renderJavaScript}
          onChange={(renderJavaScript) => onChange({ renderJavaScript })}
        />
        <DocumentTypes
          types={settings.documentTypes}
          onTypes={(documentTypes) => onChange({ documentTypes })}
        />
      </Part>
      <Part title="Content">
        <ContentTargets settings={settings} onChange={onChange} />
      </Part>
      <Part title="Custom tags">
        <CustomTags settings={settings} onChange={onChange} />
      </Part>
    </Stack>
  );
}
