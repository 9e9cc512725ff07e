import Box from '@mui/material/Box';
import useMediaQuery from '@mui/material/useMediaQuery';
import { ANALYTICS_FRAME_SIZES, type AnalyticsFrameType, analyticsFramePath } from '@siteseer/core';

/** What every frame of the page is given: the page's period (as query parameters) and the API. */
export interface FrameSource {
  apiBase: string;
  clientId: string;
  period: Record<string, string>;
}

/**
 * A frame's address: the page's period, the portal's scheme (the frame draws in it, prefers-color-
 * scheme being only its fallback), and `embedded=1` (the page chooses the period, not the frame).
 */
function frameSrc(source: FrameSource, path: string, dark: boolean): string {
  const query = new URLSearchParams({ ...source.period, scheme: dark ? 'dark' : 'light', embedded: '1' });
  return `${source.apiBase}/${path}?${query}`;
}

const SANDBOX =
  'allow-same-origin allow-forms allow-downloads allow-popups allow-popups-to-escape-sandbox allow-top-navigation-by-user-activation';

export interface AnalyticsFrameProps {
  source: FrameSource;
  type: AnalyticsFrameType;
  id: string;
  /** The frame's accessible name: the report and the engine. */
  title: string;
}

/**
 * One report frame from the API at analytics/{clientId}/{type}/{id}, at the spec's size (card
 * 750×750, dashboard 1248×1620) where its grid cell has room; narrower (a phone, two cards side by
 * side) it takes the cell's width and its page reflows, its height kept. The frame runs no script;
 * the sandbox keeps it so, and lets its links open result pages (new tab), the keyword wizard (the
 * whole portal) and CSV downloads.
 */
export function AnalyticsFrame({ source, type, id, title }: AnalyticsFrameProps) {
  const dark = useMediaQuery('(prefers-color-scheme: dark)');
  const { width, height } = ANALYTICS_FRAME_SIZES[type];
  return (
    <Box
      component="iframe"
      title={title}
      src={frameSrc(source, analyticsFramePath(source.clientId, type, id), dark)}
      width={width}
      height={height}
      loading="lazy"
      sandbox={SANDBOX}
      sx={{
        display: 'block',
        width: '100%',
        maxWidth: width,
        height,
        border: 1,
        borderColor: 'divider',
        borderRadius: 1,
        colorScheme: dark ? 'dark' : 'light',
      }}
    />
  );
}

/**
 * The headline strip (searches, zero-result rate, click-through, with sparklines and the change
 * against the period before) across the page: three figures in a row, stacked on a phone.
 */
export function HeadlineFrame({ source, title }: { source: FrameSource; title: string }) {
  const dark = useMediaQuery('(prefers-color-scheme: dark)');
  return (
    <Box
      component="iframe"
      title={title}
      src={frameSrc(source, `analytics/${encodeURIComponent(source.clientId)}/headline`, dark)}
      sandbox={SANDBOX}
      sx={{
        display: 'block',
        width: '100%',
        height: { xs: 420, sm: 140 },
        border: 0,
        colorScheme: dark ? 'dark' : 'light',
      }}
    />
  );
}
