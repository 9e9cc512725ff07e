import type { ComponentType } from 'react';
import { AddDocumentation } from './add-documentation.tsx';
import { AdvancedKeywordTheming } from './advanced-keyword-theming.tsx';
import { ClientEventsDocument } from './client-events-document.tsx';
import { ApiGuide } from './guides/api-guide.tsx';
import { CliGuide } from './guides/cli-guide.tsx';
import { CrawlingGuide } from './guides/crawling-guide.tsx';
import { GettingStartedGuide } from './guides/getting-started-guide.tsx';
import { TextRulesGuide } from './guides/text-rules-guide.tsx';
import { ThemingDocument } from './theming-document.tsx';

/** A document's content and the line the index shows under its title. */
export interface DocumentPage {
  summary: string;
  Content: ComponentType;
}

/**
 * The content of every document of core's DOCUMENTATION_GROUPS, by `{group}/{docId}`
 * (documentation-screens.test.tsx fails when one has no content, or content has no document).
 */
export const DOCUMENT_PAGES: Readonly<Record<string, DocumentPage>> = {
  'administration/add-documentation': {
    summary: 'Where the documentation lives, how to add a page, and the tests that keep it true.',
    Content: AddDocumentation,
  },
  'guides/getting-started': {
    summary: 'Your first parametric engine from a table, and your first keyword engine from your site.',
    Content: GettingStartedGuide,
  },
  'guides/crawling': {
    summary: 'What the crawler fetches, robots.txt, URL filters, content targets, and every crawl status.',
    Content: CrawlingGuide,
  },
  'guides/synonyms-mapping-rewriting': {
    summary: 'The syntax of synonyms files, the character mapping and URL rewrite rules, with examples.',
    Content: TextRulesGuide,
  },
  'guides/api': {
    summary: 'The OpenAPI document, API keys and tokens, uploads from CI, and the public search calls.',
    Content: ApiGuide,
  },
  'guides/cli': {
    summary: 'The siteseer command: signing in, engines and crawls from a terminal, CI use, exit codes.',
    Content: CliGuide,
  },
  'parametric/theming-parametric-interface': {
    summary: 'Every CSS custom property of the parametric widget, with a live example.',
    Content: () => <ThemingDocument mode="parametric" />,
  },
  'parametric/parametric-client-events': {
    summary: 'The events the parametric widget dispatches, their detail fields and listeners to copy.',
    Content: () => <ClientEventsDocument mode="parametric" />,
  },
  'keyword/theming-keyword-interface': {
    summary: 'Every CSS custom property of the keyword widget, with a live example.',
    Content: () => <ThemingDocument mode="keyword" />,
  },
  'keyword/advanced-keyword-theming': {
    summary:
      "The keyword widget's parts and states, dark mode, and layouts of results, tabs and suggestions.",
    Content: AdvancedKeywordTheming,
  },
  'keyword/keyword-client-events': {
    summary: 'The events the keyword widget dispatches, their detail fields and listeners to copy.',
    Content: () => <ClientEventsDocument mode="keyword" />,
  },
};

/** The page of `{group}/{docId}`, if it has content. */
export function documentPage(group: string, docId: string): DocumentPage | undefined {
  return Object.hasOwn(DOCUMENT_PAGES, `${group}/${docId}`) ? DOCUMENT_PAGES[`${group}/${docId}`] : undefined;
}
