import Box from '@mui/material/Box';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import type { DashboardQueryOptions, SearchEngine } from '@siteseer/core';
import {
  dashboardAddCards,
  dashboardEngines,
  LIMITS,
  noEnginesMessage,
  PRODUCT_LABELS,
} from '@siteseer/core';
import { useQuery } from '@tanstack/react-query';
import { unwrap } from '../../api/portal-api.ts';
import { clientsQuery, enginesQuery, profileQuery } from '../../api/queries.ts';
import { Loading } from '../../shell/loading.tsx';
import { useServices } from '../../shell/services.tsx';
import { useFeatures, useProfile, useViewer } from '../../shell/session-data.ts';
import { useToast } from '../../shell/toast.tsx';
import { AddEngineCards } from './add-engine-cards.tsx';
import { DashboardFilters } from './dashboard-filters.tsx';
import { useDashboardOptions } from './dashboard-options.ts';
import { EngineCard } from './engine-card.tsx';
import { FirstEngineNote } from './first-engine-note.tsx';

/** 'No Parametric engines found', 'No Keyword engines found', or 'No engines found' for All. */
function emptyMessage(options: DashboardQueryOptions): string {
  const type = options.selectedProductType ? PRODUCT_LABELS[options.selectedProductType] : '';
  return noEnginesMessage(type).replace(/\s+/g, ' ');
}

/**
 * Home: 'Your Search Engines' with its filters (once there is an engine to filter), the add cards
 * and one card per engine; with no engine at all, a note on what to do first instead.
 */
export function Component() {
  const { api, queryClient } = useServices();
  const profile = useProfile();
  const viewer = useViewer();
  const features = useFeatures();
  const toast = useToast();
  const [stored, setOptions] = useDashboardOptions();
  // Both asked for in the same render (suspending on the engines held the clients back until they
  // came); the heading, filters and add cards show while they load. A failure goes to the error
  // boundary, as it did when the screen suspended.
  const { data: engines } = useQuery({ ...enginesQuery(api), throwOnError: true });
  const { data: clients } = useQuery(clientsQuery(api));

  // A stored account that is no longer the user's (or the only one) means 'All Accounts'.
  const accountKnown = profile.accounts.some((account) => account.id === stored.selectedAccountId);
  // With no engine the filters are hidden, so a stored type filter must not hide an add card.
  const none = engines?.length === 0;
  const options = {
    ...stored,
    selectedProductType: none ? null : stored.selectedProductType,
    selectedAccountId: accountKnown && profile.accounts.length > 1 ? stored.selectedAccountId : null,
  };
  const list = engines ? dashboardEngines(engines, profile.accounts, options) : [];
  const addCards = dashboardAddCards(viewer, features, options.selectedProductType);
  const accountNames = new Map(profile.accounts.map((account) => [account.id, account.name]));
  const clientIds = new Map<string, string>(
    Object.entries(profile.clients).map(([engineId, c]) => [engineId, c.id]),
  );
  for (const client of clients ?? []) clientIds.set(client.engineId, client.id);

  const deleteEngine = async (engine: SearchEngine) => {
    unwrap(await api.engines.delete(engine.id, { accountId: engine.accountId }));
    // After deletion the engine is removed from the local lists (dashboard and user menu).
    queryClient.setQueryData(enginesQuery(api).queryKey, (current) =>
      current?.filter((e) => e.id !== engine.id),
    );
    queryClient.setQueryData(profileQuery(api).queryKey, (current) =>
      current ? { ...current, engines: current.engines.filter((e) => e.id !== engine.id) } : current,
    );
    toast(`Search engine ${engine.searchEngineName} deleted.`);
  };

  return (
    <Stack spacing={3}>
      <Typography variant="h1">Your Search Engines</Typography>
      {none && <FirstEngineNote canCreate={addCards.some((card) => !card.disabled)} />}
      {engines && !none && (
        <DashboardFilters options={options} accounts={profile.accounts} onChange={setOptions} />
      )}
      <Box
        sx={{
          display: 'grid',
          gap: 2,
          gridTemplateColumns: `repeat(auto-fill, minmax(min(100%, ${LIMITS.dashboardCardMinWidthPx}px), 1fr))`,
        }}
      >
        <AddEngineCards cards={addCards} />
        {list.map((engine) => (
          <EngineCard
            key={engine.id}
            engine={engine}
            accountName={accountNames.get(engine.accountId) ?? ''}
            clientId={clientIds.get(engine.id)}
            onDelete={deleteEngine}
          />
        ))}
      </Box>
      {!engines && <Loading label="Loading search engines" />}
      {engines && !none && list.length === 0 && <Typography>{emptyMessage(options)}</Typography>}
    </Stack>
  );
}
