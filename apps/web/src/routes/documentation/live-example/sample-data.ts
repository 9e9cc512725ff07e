import type { KeywordSearchConfig, Row, SearchConfig } from '@siteseer/core';

/*
 * The sample engines of the documentation's live examples: a small parametric catalogue and a
 * small keyword site. Their pages live under the reserved .test domain: nothing is ever fetched
 * from them, and the example cancels every navigation to them.
 */

/** The client id the live examples mount the widget with (no engine has it). */
export const SAMPLE_CLIENT_ID = 'documentation-sample';

export const SAMPLE_PARAMETRIC_CONFIG: SearchConfig = {
  clientId: SAMPLE_CLIENT_ID,
  type: 'pm',
  engineName: 'Sensor catalogue',
  version: 1,
  columns: [
    { id: 'part', label: 'Part', type: 'keyword', sortable: true, settings: {} },
    { id: 'kind', label: 'Kind', type: 'keyword', sortable: true, settings: {} },
    { id: 'range', label: 'Range (mm)', type: 'integer', sortable: true, settings: {} },
    { id: 'price', label: 'Price', type: 'half_float', sortable: true, settings: {} },
    { id: 'inStock', label: 'In stock', type: 'boolean', sortable: false, settings: {} },
  ],
  filters: [
    { id: 'kind', label: 'Kind', kind: 'list' },
    { id: 'price', label: 'Price', kind: 'range' },
  ],
  settings: {
    filterFormat: 'list',
    // The download link would ask the real service for this sample's rows.
    allowDownload: false,
    allowEmptyFilterValues: false,
    autoApplyFilters: true,
    showSearchBar: true,
  },
};

export const SAMPLE_ROWS: readonly Row[] = [
  { part: 'Inductive proximity sensor M8', kind: 'Proximity', range: 2, price: 24.5, inStock: true },
  { part: 'Inductive proximity sensor M12', kind: 'Proximity', range: 4, price: 27.9, inStock: true },
  { part: 'Inductive proximity sensor M18', kind: 'Proximity', range: 8, price: 31, inStock: false },
  { part: 'Capacitive level sensor', kind: 'Level', range: 15, price: 64, inStock: true },
  { part: 'Ultrasonic distance sensor', kind: 'Distance', range: 3000, price: 129, inStock: true },
  { part: 'Laser distance sensor', kind: 'Distance', range: 10000, price: 349, inStock: false },
  { part: 'Photoelectric diffuse sensor', kind: 'Photoelectric', range: 800, price: 45, inStock: true },
  {
    part: 'Retro-reflective photoelectric sensor',
    kind: 'Photoelectric',
    range: 5000,
    price: 52,
    inStock: true,
  },
  { part: 'Fork sensor 30 mm', kind: 'Photoelectric', range: 30, price: 88, inStock: false },
  { part: 'Magnetic cylinder sensor', kind: 'Magnetic', range: 5, price: 19.9, inStock: true },
  { part: 'Pressure sensor 0-10 bar', kind: 'Pressure', range: null, price: 74, inStock: true },
  { part: 'Temperature probe PT100', kind: 'Temperature', range: null, price: 39, inStock: true },
];

export const SAMPLE_KEYWORD_CONFIG: KeywordSearchConfig = {
  clientId: SAMPLE_CLIENT_ID,
  type: 'kw',
  engineName: 'Sensor site',
  tabs: [
    { name: 'all', icon: 'all' },
    { name: 'docs', icon: 'documentation' },
    { name: 'blog', icon: 'blog' },
  ],
};

/** A page of the sample site; its tab is the first folder of its path. */
export interface SamplePage {
  url: string;
  title: string;
  body: string;
}

const page = (path: string, title: string, body: string): SamplePage => ({
  url: `https://www.example.test${path}`,
  title,
  body,
});

export const SAMPLE_PAGES: readonly SamplePage[] = [
  page(
    '/docs/installing-a-sensor',
    'Installing a sensor',
    'Mount the sensor on its bracket, connect the cable and check the indicator light. Every sensor ships with a mounting guide.',
  ),
  page(
    '/docs/wiring',
    'Wiring sensors to a controller',
    'Three-wire sensors need power, ground and a signal line. The sensor output is PNP or NPN; check the label before wiring.',
  ),
  page(
    '/docs/sensing-range',
    'Choosing a sensing range',
    'The sensing range depends on the target material. Steel targets give the full range; aluminium reduces it.',
  ),
  page(
    '/docs/calibration',
    'Calibrating a level sensor',
    'Teach the empty and full levels with the button on the sensor, or over IO-Link from the controller.',
  ),
  page(
    '/docs/troubleshooting',
    'Troubleshooting a sensor that does not switch',
    'If the sensor does not switch, check the supply voltage, the wiring and the distance to the target.',
  ),
  page(
    '/docs/theming-the-search',
    'Theming the site search',
    'The search box and results follow the site theme: colours, corners and spacing are set with CSS custom properties.',
  ),
  page(
    '/blog/new-laser-sensor',
    'A laser distance sensor with a 10 m range',
    'Our new laser sensor measures up to ten metres with millimetre resolution, for warehouses and cranes.',
  ),
  page(
    '/blog/sensors-in-food-plants',
    'Sensors in food plants',
    'Washdown sensors with stainless steel housings survive daily cleaning with hot water and detergents.',
  ),
  page(
    '/blog/io-link',
    'Why IO-Link sensors save commissioning time',
    'IO-Link sensors are configured from the controller, so a replaced sensor takes its settings back at once.',
  ),
  page(
    '/blog/dark-mode',
    'Our site now has a dark theme',
    'The site, its search and its sensor catalogue follow the dark theme of your system.',
  ),
];

/** Queries whose first result the sample engine pins ('Featured'), as result ranking would. */
export const SAMPLE_PINS: Readonly<Record<string, string>> = {
  sensor: 'https://www.example.test/docs/installing-a-sensor',
  theme: 'https://www.example.test/docs/theming-the-search',
};
