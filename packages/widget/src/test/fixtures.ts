import type { Row, SearchConfig } from '@siteseer/core';

export const CLIENT_ID = 'client-1';
export const API_BASE = 'https://search.example.test';

export function productConfig(settings: Partial<SearchConfig['settings']> = {}): SearchConfig {
  return {
    clientId: CLIENT_ID,
    type: 'pm',
    engineName: 'Products',
    version: 1,
    columns: [
      { id: 'name', label: 'Name', type: 'keyword', sortable: true, settings: {} },
      { id: 'price', label: 'Price', type: 'half_float', sortable: true, settings: {} },
      { id: 'stock', label: 'Stock', type: 'integer', sortable: true, settings: {} },
      { id: 'inStock', label: 'In stock', type: 'boolean', sortable: false, settings: {} },
      { id: 'photo', label: 'Photo', type: 'image', sortable: false, settings: {} },
      { id: 'page', label: 'Page', type: 'hyperlink', sortable: false, settings: {} },
      {
        id: 'datasheet',
        label: 'Datasheet',
        type: 'hyperlink',
        sortable: false,
        settings: { linkText: 'Open datasheet', linkTarget: 'blank', targetColumnId: 'datasheetUrl' },
      },
    ],
    filters: [
      { id: 'color', label: 'Color', kind: 'list' },
      { id: 'price', label: 'Price', kind: 'range' },
    ],
    settings: {
      filterFormat: 'list',
      allowDownload: false,
      allowEmptyFilterValues: false,
      autoApplyFilters: true,
      showSearchBar: true,
      ...settings,
    },
  };
}

const COLORS = ['Red', 'Green', 'Blue'];

/** 25 products: three pages of 10. Product 1 carries hostile URLs. */
export function productRows(): Row[] {
  return Array.from({ length: 25 }, (_, index) => {
    const n = index + 1;
    return {
      name: `Widget ${String(n).padStart(2, '0')}`,
      price: n * 10.5,
      stock: n * 1000,
      inStock: n % 2 === 0,
      color: COLORS[index % COLORS.length] ?? null,
      photo: n === 1 ? 'data:image/svg+xml,<svg onload=alert(1)>' : `/images/${n}.png`,
      page: n === 1 ? 'javascript:alert(1)' : `https://shop.example.test/p/${n}`,
      datasheet: `sheet ${n}`,
      datasheetUrl: n === 1 ? ' VBScript:msgbox(1)' : `https://docs.example.test/${n}.pdf`,
    };
  });
}
