import Box from '@mui/material/Box';
import useMediaQuery from '@mui/material/useMediaQuery';
import { ANALYTICS_FRAME_SIZES, type AnalyticsFrameType, analyticsFramePath } from '@siteseer/core';

export interface AnalyticsFrameProps {
  apiBase: string;
  clientId: string;
  type: AnalyticsFrameType;
  id: string;
  /** The frame's accessible name: the report and the engine. */
  title: string;
}

/**
 * One report frame at the spec's size (card 750×750, dashboard 1248×1620), loaded from the API at
 * analytics/{clientId}/{type}/{id}. The frame runs no script; the sandbox keeps it so, and lets its
 * links open result pages (new tab), the keyword wizard (the whole portal) and CSV downloads.
 * Its color-scheme is the portal's, so the frame's prefers-color-scheme matches the screen.
 */
export function AnalyticsFrame({ apiBase, clientId, type, id, title }: AnalyticsFrameProps) {
  const dark = useMediaQuery('(prefers-color-scheme: dark)');
  const { width, height } = ANALYTICS_FRAME_SIZES[type];
  return (
    <Box
      component="iframe"
      title={title}
      src={`${apiBase}/${analyticsFramePath(clientId, type, id)}`}
      width={width}
      height={height}
      loading="lazy"
      sandbox="allow-same-origin allow-forms allow-downloads allow-popups allow-popups-to-escape-sandbox allow-top-navigation-by-user-activation"
      sx={{
        display: 'block',
        flex: 'none',
        border: 1,
        borderColor: 'divider',
        borderRadius: 1,
        colorScheme: dark ? 'dark' : 'light',
      }}
    />
  );
}
