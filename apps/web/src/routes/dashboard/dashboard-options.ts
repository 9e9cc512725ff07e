import { DashboardQueryOptions } from '@siteseer/core';
import { useCallback, useState } from 'react';

export const DASHBOARD_OPTIONS_KEY = 'siteseer.dashboard';

/** The stored dashboard choices, or the defaults (all types, all accounts, alphabetical, ascending). */
function readDashboardOptions(storage: Storage = window.localStorage): DashboardQueryOptions {
  const fallback = DashboardQueryOptions.parse({});
  const raw = storage.getItem(DASHBOARD_OPTIONS_KEY);
  if (!raw) return fallback;
  try {
    const parsed = DashboardQueryOptions.safeParse(JSON.parse(raw));
    return parsed.success ? parsed.data : fallback;
  } catch (error) {
    if (error instanceof SyntaxError) return fallback;
    throw error;
  }
}

function writeDashboardOptions(options: DashboardQueryOptions, storage: Storage = window.localStorage) {
  storage.setItem(DASHBOARD_OPTIONS_KEY, JSON.stringify(options));
}

/** The dashboard's filter and sort choices, kept across navigation and reloads (localStorage). */
export function useDashboardOptions(): [
  DashboardQueryOptions,
  (change: Partial<DashboardQueryOptions>) => void,
] {
  const [options, setOptions] = useState(() => readDashboardOptions());
  const update = useCallback((change: Partial<DashboardQueryOptions>) => {
    setOptions((current) => {
      const next = { ...current, ...change };
      writeDashboardOptions(next);
      return next;
    });
  }, []);
  return [options, update];
}
