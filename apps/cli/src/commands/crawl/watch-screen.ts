// The live view of `crawl watch`. This module loads React and Ink: imported only on a terminal.
import { Box, Text } from 'ink';
import React from 'react';
import type { WatchFrame } from './watch-progress.ts';

const h = React.createElement;

/** The crawl: its state and rate, the bar of fetched URLs, counts by status, the URLs checked last. */
export function CrawlWatchScreen({ frame }: { frame: WatchFrame }) {
  return h(
    Box,
    { flexDirection: 'column' },
    h(Text, { bold: true }, frame.title),
    h(Text, { color: 'cyan' }, frame.bar),
    frame.counts ? h(Text, null, frame.counts) : null,
    frame.recent.length > 0 ? h(Text, { dimColor: true }, 'Checked last:') : null,
    ...frame.recent.map((hit) =>
      h(Text, { key: hit.url, wrap: 'truncate-end' }, `  ${hit.status}  ${hit.url}`),
    ),
  );
}
