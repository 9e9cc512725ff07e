import type { KeywordWizardSections, KeywordWizardStep } from '@siteseer/core';
import { ALL_TAB_NAME, CRAWL_FREQUENCIES, PAGE_LOAD_DELAYS, parseSynonyms } from '@siteseer/core';
import type { KeywordDraft } from './draft.ts';

/** One summary block of the Review step: its title, the step it opens, and label/value lines. */
export interface ReviewBlock {
  title: string;
  step: KeywordWizardStep;
  facts: [label: string, value: string][];
}

const yesNo = (on: boolean) => (on ? 'Yes' : 'No');
const lines = (values: readonly string[], none = 'None') => (values.length > 0 ? values.join('\n') : none);

/** The Review step's blocks, in the spec's order, as plain text (never markup). */
export function reviewBlocks(
  draft: KeywordDraft,
  accountName: string,
  sections: KeywordWizardSections,
): ReviewBlock[] {
  const s = draft.settings;
  const crawler: ReviewBlock['facts'] = [
    ['Sites', lines(s.urls)],
    ['Origin', s.origin],
    ['Remove hash fragments', yesNo(s.removeHashFragments)],
    ['Ignored URL parameters', lines(s.ignoreParameters)],
  ];
  if (sections.urlFiltering) crawler.push(['URL filters', lines(s.urlFilters ?? [])]);
  crawler.push([
    'Page load delay',
    PAGE_LOAD_DELAYS.find((d) => d.value === s.pageLoadDelay)?.label ?? s.pageLoadDelay,
  ]);
  if (sections.crawlFrequency)
    crawler.push([
      'Crawl frequency',
      CRAWL_FREQUENCIES.find((f) => f.value === s.crawlFrequency)?.label ?? s.crawlFrequency,
    ]);
  crawler.push(
    ['Render JavaScript', yesNo(s.renderJavaScript)],
    ['Content target', s.useContentTarget ? s.contentTarget || 'None' : 'Off'],
    ['Exclude targets', s.useExcludeTarget ? lines(s.excludeContentTargets) : 'Off'],
  );
  const influence: ReviewBlock['facts'] = [];
  if (sections.relevance)
    influence.push([
      'Relevance rules',
      lines(s.relevance.map((rule) => `${rule.matches} (weight ${rule.weight})`)),
    ]);
  if (sections.resultRanking) {
    influence.push(
      ['Result ranking', s.resultRankingEnabled ? 'On' : 'Off'],
      [
        'Ranked queries',
        lines(
          (s.resultRanking ?? []).map(
            (entry) =>
              `${entry.query}: ${entry.results.length} result(s)${entry.hidden?.length ? `, ${entry.hidden.length} hidden` : ''}`,
          ),
        ),
      ],
    );
  }
  return [
    {
      title: 'Name and account',
      step: 'Name',
      facts: [
        ['Search Engine Name', draft.searchEngineName.trim()],
        ['Account', accountName],
      ],
    },
    { title: 'Crawler settings', step: 'Crawler', facts: crawler },
    {
      title: 'Tagging',
      step: 'Crawler',
      facts: [
        ['Custom tags selector', s.customTagsSelector || 'None'],
        ['Custom tags attribute name', s.customTagsAttributeName || 'None (element text)'],
        ['Custom tags', lines(s.customTags.map((tag) => `${tag.name} (${tag.icon})`))],
      ],
    },
    {
      title: 'Tabs and cross-reference category',
      step: 'Tabs',
      facts: [
        ['Use tabs', yesNo(s.useTabs)],
        [
          'Tabs',
          lines([
            ALL_TAB_NAME,
            ...s.tabs.map((tab) => `${tab.tabName} (${tab.tabIcon}, ${tab.tabCategory})`),
          ]),
        ],
        ['Cross-reference category', s.crossReferenceCategory || 'None'],
      ],
    },
    { title: 'Relevance and result ranking', step: 'Influence', facts: influence },
    {
      title: 'Synonyms and character mapping',
      step: 'Synonyms',
      facts: [
        ['Synonym rules', String(synonymRuleCount(s.csvSynonymTable))],
        ['Character mapping', s.csvCharMappings || 'None'],
      ],
    },
    {
      title: 'URL rewrite rules',
      step: 'URL Rewriting',
      facts: [['Rules', lines(s.urlRewriteRules.map((rule) => rule.rule))]],
    },
  ];
}

/** The rules of the synonyms table (the server stored it normalised, so every line reads). */
function synonymRuleCount(table: string): number {
  return parseSynonyms(table).rules.length;
}
