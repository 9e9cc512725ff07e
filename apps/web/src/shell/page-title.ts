import { useEffect } from 'react';
import { useMatches } from 'react-router';

/** The fixed suffix every page title ends with. */
export const TITLE_SUFFIX = ' | Siteseer';

/** What each route declares in its `handle`: its spec name and its page title. */
export interface RouteHandle {
  name: string;
  title: string;
}

function isRouteHandle(handle: unknown): handle is RouteHandle {
  return typeof handle === 'object' && handle !== null && typeof (handle as RouteHandle).title === 'string';
}

/** The page title of a screen title. */
export function pageTitle(title: string): string {
  return `${title}${TITLE_SUFFIX}`;
}

/** Sets document.title from the deepest matched route that declares a title. */
export function useRouteTitle(): void {
  const matches = useMatches();
  const handle = [...matches].reverse().find((match) => isRouteHandle(match.handle))?.handle;
  const title = isRouteHandle(handle) ? handle.title : 'Siteseer';
  useEffect(() => {
    document.title = pageTitle(title);
  }, [title]);
}

/** The spec name of the current route (e.g. 'home', 'install'). */
export function useRouteName(): string | undefined {
  const matches = useMatches();
  const handle = [...matches].reverse().find((match) => isRouteHandle(match.handle))?.handle;
  return isRouteHandle(handle) ? handle.name : undefined;
}
