import type { WidgetModeName } from '@siteseer/widget/reference';

/** A listener example: the detail fields it reads and what it does with them. */
export interface ListenerExample {
  fields: readonly string[];
  body: string;
}

type EventName = 'siteseer:search' | 'siteseer:results' | 'siteseer:click' | 'siteseer:error';

const keepQueryInUrl = (
  field: string,
) => `// Keep the search in the page's address (the widget never writes it).
const url = new URL(location.href);
url.searchParams.set('q', ${field});
history.replaceState(history.state, '', url);`;

const stayInApp = `// Open links to your own site in your single-page app instead.
const target = new URL(url);
if (target.origin === location.origin) {
  event.preventDefault();
  history.pushState(null, '', target.pathname + target.search);
}`;

/**
 * One listener per event and mode; listener-examples.test.ts checks that every field an example
 * reads is a field of that event's detail.
 */
export const LISTENER_EXAMPLES: Record<WidgetModeName, Record<EventName, ListenerExample>> = {
  parametric: {
    'siteseer:search': {
      fields: ['q', 'filters', 'page'],
      body: `${keepQueryInUrl('q')}
console.log('Searching', q, 'page', page, 'filters', filters);`,
    },
    'siteseer:results': {
      fields: ['total', 'page', 'rows', 'took'],
      body: `console.log(\`\${total} rows match; page \${page} shows \${rows} (\${took} ms)\`);`,
    },
    'siteseer:click': {
      fields: ['row', 'column', 'url'],
      body: `console.log('Link of column', column, 'in row', row);
${stayInApp}`,
    },
    'siteseer:error': { fields: ['message'], body: "console.error('Site search failed:', message);" },
  },
  keyword: {
    'siteseer:search': {
      fields: ['query', 'tab', 'page'],
      body: `${keepQueryInUrl('query')}
console.log('Searching', query, 'in tab', tab, 'page', page);`,
    },
    'siteseer:results': {
      fields: ['query', 'total', 'tabs', 'took'],
      body: `console.log(\`\${total} results for "\${query}" (\${took} ms)\`);
for (const { name, count } of tabs) console.log(name, count);`,
    },
    'siteseer:click': {
      fields: ['url', 'position', 'source'],
      body: `console.log('Opened', source, 'number', position);
${stayInApp}`,
    },
    'siteseer:error': { fields: ['message'], body: "console.error('Site search failed:', message);" },
  },
};

/** The example as a site would paste it: a document listener reading the detail's fields. */
export function listenerCode(name: EventName, example: ListenerExample): string {
  const body = example.body
    .split('\n')
    .map((line) => `  ${line}`)
    .join('\n');
  return `document.addEventListener('${name}', (event) => {
  const { ${example.fields.join(', ')} } = event.detail;
${body}
});`;
}
