import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import { useEffect, useRef, useState } from 'react';
import { Loading } from '../../../shell/loading.tsx';
import { useServices } from '../../../shell/services.tsx';
import { widgetBase } from '../../install/keyword-snippet.ts';
import { SAMPLE_CLIENT_ID, SAMPLE_KEYWORD_CONFIG, SAMPLE_PARAMETRIC_CONFIG } from './sample-data.ts';
import { type SampleKind, sampleFetch } from './sample-search.ts';
import { loadWidget, type WidgetHandle, widgetScriptUrl } from './widget-script.ts';

/** The first search of the keyword example, so it opens with results, tabs and a pinned result. */
const FIRST_KEYWORD_QUERY = 'sensor';

export interface LiveWidgetProps {
  kind: SampleKind;
  /** Custom properties set on the widget's root, as a site's `.siteseer { … }` rule would. */
  properties?: Readonly<Record<string, string>>;
  /** Every client event the widget dispatches (the events documents log them). */
  onEvent?: (event: CustomEvent) => void;
}

const EVENTS = ['siteseer:search', 'siteseer:results', 'siteseer:click', 'siteseer:error'];

/** One object for 'no properties', so the effect that applies them does not rerun on every render. */
const NO_PROPERTIES: Readonly<Record<string, string>> = {};

/**
 * The real widget, loaded from the API's script URL (as the install snippet loads it) and mounted
 * on a sample engine answered in the page (sample-search.ts). Result links point to a sample site,
 * so the example cancels their navigation in a `siteseer:click` listener and says so; the click
 * beacon (either kind) still goes to the API, which records nothing for the sample client id.
 */
export function LiveWidget({ kind, properties = NO_PROPERTIES, onEvent }: LiveWidgetProps) {
  const { config } = useServices();
  const host = useRef<HTMLDivElement>(null);
  const [handle, setHandle] = useState<WidgetHandle>();
  const [failure, setFailure] = useState<string>();
  const [followed, setFollowed] = useState<string>();
  const onEventRef = useRef(onEvent);
  onEventRef.current = onEvent;

  useEffect(() => {
    const element = host.current;
    if (!element) return;
    let mounted: WidgetHandle | undefined;
    let stopped = false;
    const listen = (event: Event) => {
      if (!(event instanceof CustomEvent)) return;
      onEventRef.current?.(event);
      if (event.type === 'siteseer:click') {
        event.preventDefault();
        setFollowed(String(event.detail?.url ?? ''));
      }
    };
    for (const name of EVENTS) element.addEventListener(name, listen);
    loadWidget(widgetScriptUrl(config.apiBase)).then(
      async (siteseer) => {
        if (stopped) return;
        mounted = siteseer.mount(element, {
          clientId: SAMPLE_CLIENT_ID,
          apiBase: widgetBase(config.apiBase),
          fetch: sampleFetch(kind),
          pageSize: kind === 'parametric' ? 5 : 4,
        });
        setHandle(mounted);
        await mounted.ready;
        if (stopped || kind !== 'keyword') return;
        // Keyword mode waits for a query; the example asks one through the widget's own form.
        const form = mounted.root.querySelector('form');
        const input = form?.querySelector('input');
        if (form && input) {
          input.value = FIRST_KEYWORD_QUERY;
          form.requestSubmit();
        }
      },
      (error: unknown) => {
        if (!stopped) setFailure(error instanceof Error ? error.message : String(error));
      },
    );
    return () => {
      stopped = true;
      for (const name of EVENTS) element.removeEventListener(name, listen);
      mounted?.destroy();
      setHandle(undefined);
    };
  }, [config.apiBase, kind]);

  useEffect(() => {
    if (!handle) return;
    const style = handle.root.style;
    for (const [name, value] of Object.entries(properties)) style.setProperty(name, value);
    return () => {
      for (const name of Object.keys(properties)) style.removeProperty(name);
    };
  }, [handle, properties]);

  const engineName =
    kind === 'parametric' ? SAMPLE_PARAMETRIC_CONFIG.engineName : SAMPLE_KEYWORD_CONFIG.engineName;
  return (
    <Box>
      {failure ? (
        <Alert severity="error">{failure}</Alert>
      ) : (
        !handle && <Loading label="Loading the widget" />
      )}
      <Box
        component="section"
        aria-label={`Live example: ${engineName}`}
        sx={{ border: 1, borderColor: 'divider', borderRadius: 1, p: 2 }}
      >
        <div ref={host} />
      </Box>
      <Typography variant="body2" role="status" sx={{ mt: 1, minHeight: '1.5em' }}>
        {followed ? `The example stopped the navigation to ${followed} (its siteseer:click listener).` : ''}
      </Typography>
    </Box>
  );
}
