import type { Feature, UserProfile, Viewer } from '@siteseer/core';
import { viewerFromProfile } from '@siteseer/core';
import { useSuspenseQuery } from '@tanstack/react-query';
import { useMemo } from 'react';
import { featuresQuery, profileQuery } from '../api/queries.ts';
import { useServices } from './services.tsx';

/** The signed-in user's profile (the protected layout's loader has loaded it). */
export function useProfile(): UserProfile {
  const { api } = useServices();
  return useSuspenseQuery(profileQuery(api)).data;
}

/** The feature toggles, loaded with the profile. */
export function useFeatures(): Feature[] {
  const { api } = useServices();
  return useSuspenseQuery(featuresQuery(api)).data;
}

/** The signed-in user as core's permission questions take them. */
export function useViewer(): Viewer {
  const profile = useProfile();
  return useMemo(() => viewerFromProfile(profile), [profile]);
}
