import type { CellValue, ColumnType, Row, SearchColumn } from '@siteseer/core';
import { h } from '../../dom/element.ts';
import { safeUrl } from '../../dom/safe-url.ts';
import { formatNumber } from '../paging/result-count.ts';

function asNumber(value: CellValue): number | null {
  if (typeof value === 'number') return Number.isFinite(value) ? value : null;
  if (typeof value === 'string' && value.trim() !== '') {
    const parsed = Number(value);
    return Number.isFinite(parsed) ? parsed : null;
  }
  return null;
}

function asBoolean(value: CellValue): boolean | null {
  if (typeof value === 'boolean') return value;
  if (typeof value === 'string') {
    const lower = value.trim().toLowerCase();
    if (lower === 'true') return true;
    if (lower === 'false') return false;
  }
  return null;
}

/** A value as text for its column type; the raw text when it doesn't fit the type. */
export function displayValue(value: CellValue, type: ColumnType): string {
  if (value === null) return '';
  if (type === 'integer' || type === 'half_float') {
    const number = asNumber(value);
    if (number !== null) return formatNumber(number);
  }
  if (type === 'boolean') {
    const flag = asBoolean(value);
    if (flag !== null) return flag ? 'True' : 'False';
  }
  return String(value);
}

/** The URL a hyperlink cell points to: the target column's value when set, else the cell's own. */
function linkUrl(column: SearchColumn, row: Row, pageUrl: string): string | null {
  const targetId = column.settings.targetColumnId;
  const target = targetId ? row[targetId] : undefined;
  const raw = typeof target === 'string' && target.trim() !== '' ? target : row[column.id];
  return safeUrl(raw, pageUrl);
}

/** The content of one table cell. Unsafe or missing URLs fall back to plain text. */
export function renderCell(column: SearchColumn, row: Row, pageUrl: string): Node | string {
  const value = row[column.id] ?? null;
  if (column.type === 'image') {
    const src = safeUrl(value, pageUrl);
    if (src === null) return '';
    return h('img', { src, alt: column.label, loading: 'lazy', decoding: 'async', class: 'siteseer-image' });
  }
  if (column.type === 'hyperlink') {
    const href = linkUrl(column, row, pageUrl);
    if (href === null) return displayValue(value, 'keyword');
    const blank = column.settings.linkTarget === 'blank';
    return h(
      'a',
      {
        href,
        target: blank ? '_blank' : null,
        rel: blank ? 'noopener noreferrer' : null,
        'data-siteseer-column': column.id,
      },
      column.settings.linkText || 'Link',
    );
  }
  return displayValue(value, column.type);
}
