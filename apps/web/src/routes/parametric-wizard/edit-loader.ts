import type { LoaderFunctionArgs } from 'react-router';
import { enginesQuery } from '../../api/queries.ts';
import type { Services } from '../../shell/services.tsx';
import { throwApiErrorRedirect } from '../loader-errors.ts';
import { loadEngineForEdit, type WizardDraft } from './wizard-flow.ts';

/** What the edit route's loader hands the wizard: the engine to edit, or why there is none. */
export type EditLoad = { state: 'ready'; draft: WizardDraft } | { state: 'failed'; message: string };

export const ENGINE_NOT_FOUND = 'This search engine was not found.';

/**
 * The edit route's loader (/engine/parametric/{id}/edit): the engine, its saved configuration and
 * the first rows of its file, before the wizard shows. An engine the user cannot see is not found;
 * 401 and 500 and above go where the shell sends them; any other failure is the wizard's message.
 */
export function editLoader({ api, queryClient, session }: Services) {
  return async ({ params, request }: LoaderFunctionArgs): Promise<EditLoad> => {
    try {
      const engines = await queryClient.ensureQueryData(enginesQuery(api));
      const accountId = engines.find((engine) => engine.id === params.engineId)?.accountId;
      if (!params.engineId || !accountId) return { state: 'failed', message: ENGINE_NOT_FOUND };
      return {
        state: 'ready',
        draft: await loadEngineForEdit(api, queryClient, params.engineId, accountId),
      };
    } catch (error) {
      throwApiErrorRedirect(error, session, new URL(request.url));
      return { state: 'failed', message: error instanceof Error ? error.message : String(error) };
    }
  };
}
