import {
  clientContracts,
  engineContracts,
  LIMITS,
  MESSAGES,
  ValidateSynonymsFields,
  validateSynonymsFile,
} from '@siteseer/core';
import type { FastifyInstance } from 'fastify';
import { categoryCounts } from '../services/category-counts.ts';
import * as clients from '../services/clients.ts';
import * as engines from '../services/engines.ts';
import { validateSynonyms } from '../services/synonyms.ts';
import { type RouteDeps, serve } from './define.ts';
import { readUpload, type UploadRules } from './multipart.ts';

/** A synonyms file: CSV or TXT, at most 1 MB. */
const SYNONYMS_UPLOAD: UploadRules = {
  maxBytes: LIMITS.synonymsMaxBytes,
  tooLarge: MESSAGES.synonymsFileTooLarge,
  check: (file) => (file ? validateSynonymsFile(file) : MESSAGES.synonymsFileRequired),
};

export function engineRoutes(app: FastifyInstance, deps: RouteDeps): void {
  const { store } = deps;
  serve(app, deps, engineContracts.list, async ({ principal, query }) =>
    engines.listCallerEngines(store, principal, query.type),
  );
  serve(app, deps, engineContracts.create, async ({ principal, body }) =>
    engines.createEngine(store, principal, body),
  );
  serve(app, deps, engineContracts.get, async ({ principal, params, query }) =>
    engines.getEngine(store, principal, query.accountId, params.id),
  );
  serve(app, deps, engineContracts.update, async ({ principal, params, body }) =>
    engines.updateEngine(store, deps.state.changes, principal, params.id, body),
  );
  serve(app, deps, engineContracts.delete, async ({ principal, params, body }) =>
    engines.deleteEngine(store, deps.state.changes, principal, body.accountId, params.id),
  );

  serve(app, deps, engineContracts.validateSynonyms, async ({ principal, request }) => {
    const { fields, file } = await readUpload(
      request,
      'synonymsFile',
      ValidateSynonymsFields,
      SYNONYMS_UPLOAD,
    );
    return validateSynonyms(store, principal, { ...fields, ...file });
  });

  serve(app, deps, engineContracts.filters, async ({ principal, params, query, body }) =>
    categoryCounts(
      deps.state.parametric,
      principal,
      query.accountId,
      params.id,
      body.appliedFilters.category,
    ),
  );

  serve(app, deps, clientContracts.list, async ({ principal, query }) =>
    clients.listCallerClients(store, principal, query.engineIds),
  );
  serve(app, deps, clientContracts.get, async ({ principal, params }) =>
    clients.getClient(store, principal, params.id),
  );
  serve(app, deps, clientContracts.create, async ({ principal, body }) =>
    clients.createClient(store, principal, body.accountId, body.engineId),
  );
  serve(app, deps, clientContracts.updateSettings, async ({ principal, params, body }) =>
    clients.updateSettings(store, deps.state.changes, principal, params.id, body),
  );
}
