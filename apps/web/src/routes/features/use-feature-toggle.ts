import type { Feature, Role } from '@siteseer/core';
import { useMutation } from '@tanstack/react-query';
import { useRef, useState } from 'react';
import { errorText } from '../../api/error-text.ts';
import { unwrap } from '../../api/portal-api.ts';
import { featuresQuery } from '../../api/queries.ts';
import { useServices } from '../../shell/services.tsx';
import { roleLabel, withRole } from './feature-roles.ts';

/** One switch flipped: the whole feature to save, and which role changed to what. */
interface Toggle {
  feature: Feature;
  role: Role;
  allowed: boolean;
}

/**
 * Switching a role of a feature on or off: the list changes at once (optimistic), the whole feature
 * goes to `PUT features/{_id}`, and a refusal puts that one switch back and says why. Each save is
 * made from the list as it is now, so quick clicks on one feature carry each other's changes; the
 * server's answer replaces the feature only once no other save of it is on the way, and after a
 * failure the list is read again from the server, which alone knows what the other saves did.
 */
export function useFeatureToggle() {
  const { api, queryClient } = useServices();
  const { queryKey } = featuresQuery(api);
  const saving = useRef(new Map<string, number>());
  const [failure, setFailure] = useState<string | undefined>();

  const current = (id: string) => queryClient.getQueryData(queryKey)?.find((f) => f._id === id);
  const replace = (feature: Feature) =>
    queryClient.setQueryData(queryKey, (list) => list?.map((f) => (f._id === feature._id ? feature : f)));
  /** Counts a save of the feature as done; true when it was the last one on the way. */
  const settle = (id: string) => {
    const left = (saving.current.get(id) ?? 1) - 1;
    if (left > 0) saving.current.set(id, left);
    else saving.current.delete(id);
    return left <= 0;
  };

  const save = useMutation({
    mutationFn: async ({ feature }: Toggle) => unwrap(await api.features.update(feature)),
    onMutate: async ({ feature }) => {
      saving.current.set(feature._id, (saving.current.get(feature._id) ?? 0) + 1);
      replace(feature);
      // A list read still on the way would bring the old switch back.
      await queryClient.cancelQueries({ queryKey });
    },
    onSettled: (saved, error, { feature, role, allowed }) => {
      const last = settle(feature._id);
      if (error) {
        const latest = current(feature._id);
        if (latest) replace(withRole(latest, role, !allowed));
        setFailure(`${feature.name} for ${roleLabel(role)} was not saved: ${errorText(error)}`);
        if (last) void queryClient.invalidateQueries({ queryKey });
      } else if (last && saved) {
        replace(saved);
      }
    },
  });

  return {
    /** Why the last refused change was not saved, until dismissed or the next change. */
    failure,
    dismiss: () => setFailure(undefined),
    toggle: (id: string, role: Role, allowed: boolean) => {
      const feature = current(id);
      if (!feature) return;
      setFailure(undefined);
      save.mutate({ feature: withRole(feature, role, allowed), role, allowed });
    },
  };
}
