import { engineContracts } from '@siteseer/core';
import type { FastifyInstance } from 'fastify';
import { readSuggestionSettings, writeSuggestionSettings } from '../services/suggestion-settings.ts';
import { type RouteDeps, serve } from './define.ts';

/** `GET` and `PUT searchengines/{id}/suggestions`: what a keyword engine's query suggestions may show. */
export function suggestionSettingsRoutes(app: FastifyInstance, deps: RouteDeps): void {
  serve(app, deps, engineContracts.suggestionSettings, async ({ principal, params, query }) =>
    readSuggestionSettings(deps.store, principal, query.accountId, params.id),
  );
  serve(app, deps, engineContracts.updateSuggestionSettings, async ({ principal, params, body }) =>
    writeSuggestionSettings(deps.store, deps.state.changes, principal, params.id, body),
  );
}
