import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import type { WidgetModeName } from '@siteseer/widget/reference';
import { useCallback, useRef, useState } from 'react';
import { LiveWidget } from './live-widget.tsx';

/** How many events the log keeps; the newest is listed first. */
const KEPT = 20;

interface LoggedEvent {
  n: number;
  name: string;
  detail: string;
}

/** The real widget on a sample engine, with every client event it dispatches listed as it comes. */
export function LiveEventLog({ mode }: { mode: WidgetModeName }) {
  const [events, setEvents] = useState<LoggedEvent[]>([]);
  const count = useRef(0);
  const onEvent = useCallback((event: CustomEvent) => {
    count.current += 1;
    const logged = { n: count.current, name: event.type, detail: JSON.stringify(event.detail) };
    setEvents((current) => [logged, ...current].slice(0, KEPT));
  }, []);

  return (
    <Stack spacing={2}>
      <LiveWidget kind={mode} onEvent={onEvent} />
      <Stack direction="row" spacing={2} sx={{ alignItems: 'center' }}>
        <Typography variant="h3" id={`event-log-${mode}`}>
          Events received
        </Typography>
        <Button variant="outlined" size="small" onClick={() => setEvents([])} disabled={events.length === 0}>
          Clear
        </Button>
      </Stack>
      <Box
        role="log"
        aria-labelledby={`event-log-${mode}`}
        tabIndex={0}
        sx={{ maxHeight: 320, overflow: 'auto', fontFamily: 'monospace', fontSize: '0.85rem' }}
      >
        <Box component="ul" sx={{ m: 0, p: 1, listStyle: 'none' }}>
          {events.map((event) => (
            <li key={event.n}>
              <strong>{event.name}</strong> {event.detail}
            </li>
          ))}
        </Box>
      </Box>
    </Stack>
  );
}
