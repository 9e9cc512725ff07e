import type { ApiResponse, KeywordEngineDraft, KeywordSettings, SiteSignIn } from '@siteseer/core';
import { keywordClientSettings, MESSAGES, NetworkError, urlsToStartCrawling } from '@siteseer/core';
import { errorText } from '../../api/error-text.ts';
import { type ApiClient, problemText } from '../../api/portal-api.ts';

/** The engine a save works on: the one being edited, or the one a failed create already made. */
export interface SavedEngine {
  engineId: string;
  clientId: string | undefined;
  synonymFieldId: string | undefined;
}

export interface SaveInput {
  accountId: string;
  searchEngineName: string;
  settings: KeywordSettings;
  /** Undefined: create the engine. Otherwise update it (edit mode, or a create that failed after it). */
  engine: SavedEngine | undefined;
  /**
   * Create: the crawler starts over. Edit: the crawler keeps its crawl and gets the new settings, and
   * each URL not among `originalUrls` (the sites the engine had when loaded) gets a crawl started.
   */
  mode: 'create' | 'edit';
  originalUrls: readonly string[];
  /** A new engine's sign-ins by site: sent once the engine exists, before its crawler starts. */
  signIns?: Readonly<Record<string, SiteSignIn>>;
}

/** How a save ended: the engine's id, or the spec's text of the step that failed and the server's reason. */
export type SaveOutcome =
  | { ok: true; engineId: string }
  | { ok: false; message: string; detail: string | undefined };

class StepFailed extends Error {
  readonly detail: string | undefined;
  constructor(message: string, detail: string | undefined) {
    super(message);
    this.detail = detail;
  }
}

/**
 * One call of the flow: its answer's data, or StepFailed with the step's spec text when the server
 * refused it (a status below 500) or it could not be sent. 401 and 500 and above are thrown as they
 * are, for the portal's error handling (login, error page).
 */
async function step<T>(message: string, call: () => Promise<ApiResponse<T>>): Promise<T> {
  let response: ApiResponse<T>;
  try {
    response = await call();
  } catch (error) {
    if (error instanceof NetworkError) throw new StepFailed(message, errorText(error));
    throw error;
  }
  if (!response.ok) throw new StepFailed(message, problemText(response.data));
  return response.data;
}

/** The crawler call's settings of the draft (origin and custom tag icons stay with engine and client). */
function crawlerSettingsOf(settings: KeywordSettings) {
  return {
    urls: settings.urls,
    removeHashFragments: settings.removeHashFragments,
    ignoreParameters: settings.ignoreParameters,
    urlFilters: settings.urlFilters,
    pageLoadDelay: settings.pageLoadDelay,
    useContentTarget: settings.useContentTarget,
    contentTarget: settings.contentTarget,
    useExcludeTarget: settings.useExcludeTarget,
    excludeContentTargets: settings.excludeContentTargets,
    crawlFrequency: settings.crawlFrequency,
    customTagsSelector: settings.customTagsSelector,
    customTagsAttributeName: settings.customTagsAttributeName,
    documentTypes: settings.documentTypes,
    renderJavaScript: settings.renderJavaScript,
  };
}

/**
 * The spec's save flow (001 §4). Create: create the engine, update its client's settings, set the
 * sign-ins of sites behind a login (added here), create its crawler. Edit: update the engine, update the client's settings, update the crawler, and start a
 * crawl for each URL not in the original list. The first failure stops the flow. `onEngine` hears of
 * the engine as soon as it exists, so that a retry after a later failure updates it rather than
 * creating a second one.
 */
export async function saveKeywordEngine(
  api: ApiClient,
  input: SaveInput,
  onEngine: (engine: SavedEngine) => void,
): Promise<SaveOutcome> {
  const { accountId, settings } = input;
  const draft = (engine: SavedEngine | undefined): KeywordEngineDraft => ({
    ...settings,
    synonymFieldId: engine?.synonymFieldId ?? settings.synonymFieldId,
    searchEngineType: 'kw',
    accountId,
    searchEngineName: input.searchEngineName.trim(),
  });
  try {
    let engine = input.engine;
    if (!engine) {
      const created = await step(MESSAGES.failedUpdateEngine, () => api.engines.create(draft(undefined)));
      engine = {
        engineId: created.documentId,
        clientId: created.clientId,
        synonymFieldId: created.synonymFieldId ?? undefined,
      };
      onEngine(engine);
    } else {
      const known = engine;
      const updated = await step(MESSAGES.failedUpdateEngine, () =>
        api.engines.update(known.engineId, { ...draft(known), id: known.engineId }),
      );
      engine = { ...known, synonymFieldId: updated.synonymFieldId ?? known.synonymFieldId };
    }
    const { engineId, clientId, synonymFieldId } = engine;
    if (!clientId) throw new StepFailed(MESSAGES.failedUpdateClient, 'This search engine has no client.');
    await step(MESSAGES.failedUpdateClient, () =>
      api.clients.updateSettings(clientId, {
        type: 'kw',
        settings: keywordClientSettings(settings, synonymFieldId),
      }),
    );
    // Before the crawler, whose first crawl then reads the sites signed in. A site removed from the
    // list since its sign-in was set is left out; a retried create sets them again (a PUT).
    for (const [site, signIn] of Object.entries(input.signIns ?? {})) {
      if (!settings.urls.includes(site)) continue;
      await step(MESSAGES.failedUpdateCrawler, () =>
        api.crawler.credentials.set({ accountId, engineId, site, signIn }),
      );
    }
    await step(MESSAGES.failedUpdateCrawler, () =>
      api.crawler.create({
        ...crawlerSettingsOf(settings),
        accountId,
        engineId,
        recreate: input.mode === 'create',
      }),
    );
    if (input.mode === 'edit') {
      for (const site of urlsToStartCrawling(input.originalUrls, settings.urls)) {
        await step(MESSAGES.failedStartCrawls, () => api.crawler.start({ accountId, engineId, site }));
      }
    }
    return { ok: true, engineId };
  } catch (error) {
    if (error instanceof StepFailed) return { ok: false, message: error.message, detail: error.detail };
    throw error;
  }
}
