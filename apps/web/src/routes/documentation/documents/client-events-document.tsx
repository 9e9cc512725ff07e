import Stack from '@mui/material/Stack';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import { KEYWORD_EVENTS, PARAMETRIC_EVENTS, type WidgetModeName } from '@siteseer/widget/reference';
import { CopyBlock } from '../../install/copy-block.tsx';
import { LiveEventLog } from '../live-example/live-event-log.tsx';
import { Code } from '../parts/code.tsx';
import { DocSection } from '../parts/doc-section.tsx';
import { EventFieldsTable } from '../parts/event-fields-table.tsx';
import { LISTENER_EXAMPLES, listenerCode } from './listener-examples.ts';

const EVENTS = { parametric: PARAMETRIC_EVENTS, keyword: KEYWORD_EVENTS } as const;

const MOUNTED = `const widget = Siteseer.mount(document.querySelector('#search'), {
  clientId: '{clientId}',
  apiBase: '{base}',
});
widget.root.addEventListener('siteseer:results', (event) => {
  console.log(event.detail.total);
});`;

/** Parametric Client Events and Keyword Client Events: every event of one mode. */
export function ClientEventsDocument({ mode }: { mode: WidgetModeName }) {
  const events = EVENTS[mode];
  const label = mode === 'parametric' ? 'parametric' : 'keyword';
  return (
    <Stack spacing={4}>
      <Typography>
        The {label} search widget tells your page what its visitors do with DOM events. Each is a{' '}
        <Code>CustomEvent</Code> dispatched on the widget's root element (<Code>.siteseer</Code>, inside your{' '}
        <Code>[data-siteseer-results]</Code> element) that bubbles, so you can listen on that element, on{' '}
        <Code>document</Code> or on <Code>window</Code>. <Code>event.detail</Code> is a copy: changing it
        changes nothing in the widget.
        {mode === 'keyword' &&
          ' A search box without results (a page that sends searches to your results page) dispatches only siteseer:click, for suggestions, on the .siteseer-popup element after its input.'}
      </Typography>

      <TableContainer>
        <Table size="small">
          <caption>The client events of the {label} widget</caption>
          <TableHead>
            <TableRow>
              <TableCell scope="col">Event</TableCell>
              <TableCell scope="col">When</TableCell>
              <TableCell scope="col">Cancelable</TableCell>
            </TableRow>
          </TableHead>
          <TableBody>
            {events.map((event) => (
              <TableRow key={event.name}>
                <TableCell component="th" scope="row" sx={{ whiteSpace: 'nowrap' }}>
                  <Code>{event.name}</Code>
                </TableCell>
                <TableCell>{event.when}</TableCell>
                <TableCell>{event.cancelable ? 'Yes' : 'No'}</TableCell>
              </TableRow>
            ))}
          </TableBody>
        </Table>
      </TableContainer>

      {events.map((event) => (
        <DocSection key={event.name} title={<Code>{event.name}</Code>}>
          <Typography>
            {event.when}
            {event.cancelable && (
              <>
                {' '}
                It is cancelable: <Code>event.preventDefault()</Code> stops the navigation.
              </>
            )}
          </Typography>
          <EventFieldsTable event={event} />
          <CopyBlock
            label={`Listener for ${event.name}`}
            hint="In a script of your page."
            code={listenerCode(event.name, LISTENER_EXAMPLES[mode][event.name])}
          />
        </DocSection>
      ))}

      <DocSection title="Widgets you mount yourself">
        <Typography>
          <Code>Siteseer.mount</Code> returns the widget; its <Code>root</Code> is the element the events are
          dispatched on.
        </Typography>
        <CopyBlock label="Listening on a mounted widget" hint="In a script of your page." code={MOUNTED} />
      </DocSection>

      <DocSection title="Watch them">
        <Typography>
          The real widget on a small sample engine: search,{' '}
          {mode === 'parametric' ? 'filter, sort' : 'change tabs'} or change pages, and each event shows below
          with its detail. Its links go to a sample site, so this page cancels them in its own{' '}
          <Code>siteseer:click</Code> listener.
        </Typography>
        <LiveEventLog mode={mode} />
      </DocSection>
    </Stack>
  );
}
