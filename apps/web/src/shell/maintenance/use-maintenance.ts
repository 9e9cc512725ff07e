import type { MaintenanceNotice, MaintenanceState } from '@siteseer/core';
import { maintenanceState, TIMING } from '@siteseer/core';
import { useQuery } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { maintenanceQuery } from '../../api/queries.ts';
import { useServices } from '../services.tsx';

/** The current time, ticking every `intervalMs`. */
function useNow(intervalMs: number): number {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    const timer = setInterval(() => setNow(Date.now()), intervalMs);
    return () => clearInterval(timer);
  }, [intervalMs]);
  return now;
}

/**
 * The maintenance notice and its state (scheduled, active or none), polled and re-evaluated every
 * 10 seconds, so a notice appears when scheduled and goes away at its end without a reload.
 */
export function useMaintenance(): { notice: MaintenanceNotice | null; state: MaintenanceState } {
  const { api } = useServices();
  const { data } = useQuery(maintenanceQuery(api));
  const now = useNow(TIMING.maintenancePollMs);
  const notice = data ?? null;
  return { notice, state: maintenanceState(notice, now) };
}
