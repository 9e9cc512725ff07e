import { createContext, useContext, useEffect, useState } from 'react';
import { useMatches } from 'react-router';

/** The fixed suffix every page title ends with. */
const TITLE_SUFFIX = ' | Siteseer';

/** What each route declares in its `handle`: its spec name and its page title. */
export interface RouteHandle {
  name: string;
  title: string;
}

function isRouteHandle(handle: unknown): handle is RouteHandle {
  return typeof handle === 'object' && handle !== null && typeof (handle as RouteHandle).title === 'string';
}

/** The page title of a screen title. */
function pageTitle(title: string): string {
  return `${title}${TITLE_SUFFIX}`;
}

type SetScreenTitle = (title: string | undefined) => void;

/**
 * How a screen names its page over its route's title (`useScreenTitle`). Outside the root layout
 * (a screen rendered on its own), the title is set directly.
 */
export const ScreenTitleContext = createContext<SetScreenTitle>((title) => {
  if (title !== undefined) document.title = pageTitle(title);
});

/**
 * Sets document.title: the screen's own title when it names one, else that of the deepest matched
 * route that declares a title. Returns the setter the root layout hands down (ScreenTitleContext).
 */
export function useRouteTitle(): SetScreenTitle {
  const matches = useMatches();
  const handle = [...matches].reverse().find((match) => isRouteHandle(match.handle))?.handle;
  const routeTitle = isRouteHandle(handle) ? handle.title : 'Siteseer';
  const [screenTitle, setScreenTitle] = useState<string | undefined>();
  const title = screenTitle ?? routeTitle;
  useEffect(() => {
    document.title = pageTitle(title);
  }, [title]);
  return setScreenTitle;
}

/**
 * Names the page after what the screen shows (a document, an account), where the route's title
 * is the same for every page of it; undefined keeps the route's title. Cleared when the screen goes.
 */
export function useScreenTitle(title: string | undefined): void {
  const setScreenTitle = useContext(ScreenTitleContext);
  useEffect(() => {
    setScreenTitle(title);
    return () => setScreenTitle(undefined);
  }, [setScreenTitle, title]);
}

/** The spec name of the current route (e.g. 'home', 'install'). */
export function useRouteName(): string | undefined {
  const matches = useMatches();
  const handle = [...matches].reverse().find((match) => isRouteHandle(match.handle))?.handle;
  return isRouteHandle(handle) ? handle.name : undefined;
}
