import { z } from 'zod';
import {
  CRAWL_FREQUENCIES,
  DEFAULT_CHARACTER_MAPPING,
  DEFAULT_CRAWL_FREQUENCY,
  DEFAULT_ORIGIN,
  DEFAULT_PAGE_LOAD_DELAY,
  LIMITS,
  PAGE_LOAD_DELAYS,
  TAB_ICONS,
} from '../constants.ts';
import { Id } from './common.ts';
import { defaultSuggestionSettings, SuggestionSettings } from './query-suggestions.ts';

type DelayValue = (typeof PAGE_LOAD_DELAYS)[number]['value'];
type FrequencyValue = (typeof CRAWL_FREQUENCIES)[number]['value'];

export const PageLoadDelay = z.enum(PAGE_LOAD_DELAYS.map((d) => d.value) as [DelayValue, ...DelayValue[]]);
export type PageLoadDelay = z.infer<typeof PageLoadDelay>;
export const CrawlFrequency = z.enum(
  CRAWL_FREQUENCIES.map((f) => f.value) as [FrequencyValue, ...FrequencyValue[]],
);
export type CrawlFrequency = z.infer<typeof CrawlFrequency>;

export const TabIcon = z.enum(TAB_ICONS);
export type TabIcon = z.infer<typeof TabIcon>;

/** A results tab of a keyword engine; the name is stored lowercased. */
export const Tab = z.object({
  // trim/toLowerCase overwrite in place (no transform), so the schema still converts to JSON Schema.
  tabName: z.string().trim().toLowerCase().min(1),
  tabIcon: TabIcon,
  tabCategory: z.string().min(1),
});
export type Tab = z.infer<typeof Tab>;

/** A custom tag read from crawled pages: name and icon. */
export const CustomTag = z.object({
  name: z.string().min(1),
  icon: TabIcon,
});
export type CustomTag = z.infer<typeof CustomTag>;

/** A relevance rule: pages whose target matches the pattern get the weight. */
export const RelevanceRule = z.object({
  id: Id,
  weight: z.number().int().min(LIMITS.relevanceWeightMin).max(LIMITS.relevanceWeightMax),
  target: z.enum(['URL']).default('URL'),
  matches: z.string().min(1),
  match_type: z.enum(['wildcard']).default('wildcard'),
});
export type RelevanceRule = z.infer<typeof RelevanceRule>;

/**
 * A query's curation: the URLs pinned above its results (`results`, in order) and the URLs never
 * shown for it (`hidden`: a wrong or outdated page), in any tab, page or count. `hidden` is absent
 * when nothing is hidden, as entries made before it were.
 */
export const ResultRankingEntry = z.object({
  query: z.string().min(1),
  results: z.array(z.string().min(1)),
  hidden: z.array(z.string().min(1)).optional(),
});
export type ResultRankingEntry = z.infer<typeof ResultRankingEntry>;

/** One pair of the character mapping text (`original => mapped`). */
export const CharacterMapping = z.object({
  original: z.string().min(1),
  mapped: z.string(),
});
export type CharacterMapping = z.infer<typeof CharacterMapping>;

/** The parsed form of a rewrite rule `regex -> replacement` or `regex/flags -> replacement`. */
export const UrlRewriteConfig = z.object({
  pattern: z.string().min(1),
  flags: z.string().regex(/^[dgimsuyv]*$/),
  replacement: z.string(),
});
export type UrlRewriteConfig = z.infer<typeof UrlRewriteConfig>;

/** A URL rewrite rule: its text and parsed configuration. */
export const UrlRewriteRule = z.object({
  rule: z.string().min(1),
  config: UrlRewriteConfig,
});
export type UrlRewriteRule = z.infer<typeof UrlRewriteRule>;

/** The document types the crawler can be allowed to index besides HTML pages. */
export const DOCUMENT_TYPES = ['pdf', 'docx', 'pptx', 'xlsx', 'odt'] as const;
export const DocumentType = z.enum(DOCUMENT_TYPES);
export type DocumentType = z.infer<typeof DocumentType>;

/** What an indexed page was read from: an HTML page or a document of one of the types above. */
export const PageType = z.enum(['html', ...DOCUMENT_TYPES]);
export type PageType = z.infer<typeof PageType>;

/**
 * Query parameters the crawler always drops from URLs, as they never change a page's content:
 * campaign tags, ad and e-mail click ids, analytics linkers and session ids (`jsessionid` as a
 * `;jsessionid=` path parameter too). `sid` is not among them: sites use it for story or section
 * ids as often as for sessions; an engine adds it to `ignoreParameters` when it is a session.
 */
export const BUILT_IN_IGNORED_PARAMETERS = [
  'utm_*',
  'gclid',
  'gbraid',
  'wbraid',
  'dclid',
  'fbclid',
  'msclkid',
  'yclid',
  'ttclid',
  'twclid',
  'li_fat_id',
  'igshid',
  'mc_cid',
  'mc_eid',
  '_hsenc',
  '_hsmi',
  'mkt_tok',
  '_ga',
  '_gl',
  'jsessionid',
  'phpsessid',
] as const;

/** The most URL parameters an engine ignores besides the built-in ones. */
export const MAX_IGNORED_PARAMETERS = 100;

// Characters of a query parameter's name (RFC 3986 query characters but the `&` and `=` that
// delimit it, and `*`, which ends a prefix), or percent-escapes; an optional `*` after them.
const IGNORED_PARAMETER = /^(?:[A-Za-z0-9\-._~!$'()+,;:@/?]|%[0-9A-Fa-f]{2}){1,100}\*?$/;

/** A query parameter's name, or a `prefix*` matching every name that starts so (case-insensitive). */
export const IgnoredParameter = z
  .string()
  .trim()
  .refine((text) => IGNORED_PARAMETER.test(text), {
    error: (issue) =>
      `${JSON.stringify(issue.input)} is not a URL parameter name: use up to 100 letters, digits and - . _ ~ (no spaces, & or =), with a * at the end to match every name that starts so.`,
  });

/** The crawler's settings of a keyword engine (the crawler step of the wizard). */
export const CrawlerSettings = z.object({
  urls: z.array(z.string().min(1)).default([]),
  origin: z.string().min(1).default(DEFAULT_ORIGIN),
  removeHashFragments: z.boolean().default(false),
  urlFilters: z.array(z.string()).nullable().default(null),
  /** Query parameters dropped from URLs besides BUILT_IN_IGNORED_PARAMETERS: names or `prefix*`. */
  ignoreParameters: z
    .array(IgnoredParameter)
    .max(MAX_IGNORED_PARAMETERS, `At most ${MAX_IGNORED_PARAMETERS} ignored URL parameters.`)
    .default([]),
  pageLoadDelay: PageLoadDelay.default(DEFAULT_PAGE_LOAD_DELAY),
  useContentTarget: z.boolean().default(false),
  contentTarget: z.string().default(''),
  useExcludeTarget: z.boolean().default(false),
  excludeContentTargets: z.array(z.string()).default([]),
  crawlFrequency: CrawlFrequency.default(DEFAULT_CRAWL_FREQUENCY),
  customTagsSelector: z.string().default(''),
  customTagsAttributeName: z.string().default(''),
  customTags: z.array(CustomTag).default([]),
  /**
   * The documents linked from crawled pages or listed in sitemaps that are indexed, by type: PDFs
   * by default, none with `[]`.
   */
  documentTypes: z.array(DocumentType).default(['pdf']),
  /**
   * Whether HTML pages are loaded in a headless browser and read after their scripts ran (pages
   * a single-page app writes); off by default, as it costs far more than reading the HTML.
   */
  renderJavaScript: z.boolean().default(false),
});
export type CrawlerSettings = z.infer<typeof CrawlerSettings>;

/** Everything the keyword wizard edits besides name and account, with the spec's defaults. */
export const KeywordSettings = CrawlerSettings.extend({
  synonymFieldId: z.string().optional(),
  tabs: z.array(Tab).default([]),
  useTabs: z.boolean().default(false),
  crossReferenceCategory: z.string().default(''),
  relevance: z.array(RelevanceRule).default([]),
  resultRanking: z.array(ResultRankingEntry).nullable().default(null),
  resultRankingEnabled: z.boolean().default(false),
  csvSynonymTable: z.string().default(''),
  csvCharMappings: z.string().default(DEFAULT_CHARACTER_MAPPING),
  urlRewriteRules: z.array(UrlRewriteRule).default([]),
  /** What query suggestions may show (the Influence step's block list and visitor minimum). */
  suggestions: SuggestionSettings.default(defaultSuggestionSettings),
});
export type KeywordSettings = z.infer<typeof KeywordSettings>;

/** The keyword wizard's steps, in order, named as in the spec (which a viewer sees: access/wizard-steps.ts). */
export const KEYWORD_WIZARD_STEPS = [
  'Name',
  'Crawler',
  'Tabs',
  'Influence',
  'URL Rewriting',
  'Synonyms',
  'Review',
] as const;
export type KeywordWizardStep = (typeof KEYWORD_WIZARD_STEPS)[number];
