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

const ISO_DATE = /^\d{4}-\d{2}-\d{2}(?:T\d{2}:\d{2}(?::\d{2}(?:\.\d{1,3})?)?)?$/;
let dateFormat: Intl.DateTimeFormat | undefined;
let dateTimeFormat: Intl.DateTimeFormat | undefined;

/**
 * An ISO date (milliseconds since 1970 UTC, or its text) in the visitor's locale: '5 Mar 2024' or
 * 'Mar 5, 2024'. Read and shown in UTC, as the file's dates have no zone: a visitor west of
 * Greenwich must not see the day before.
 */
export function formatDate(value: number | string): string {
  const ms = typeof value === 'number' ? value : Date.parse(`${value}${value.length > 10 ? 'Z' : ''}`);
  const withTime = typeof value === 'string' && value.length > 10;
  dateFormat ??= new Intl.DateTimeFormat(undefined, { dateStyle: 'medium', timeZone: 'UTC' });
  dateTimeFormat ??= new Intl.DateTimeFormat(undefined, {
    dateStyle: 'medium',
    timeStyle: 'short',
    timeZone: 'UTC',
  });
  return (withTime ? dateTimeFormat : dateFormat).format(ms);
}

/** A value as text for its column type; the raw text when it doesn't fit the type. */
export function displayValue(value: CellValue, type: ColumnType): string {
  if (value === null) return '';
  if (
    type === 'date' &&
    typeof value === 'string' &&
    ISO_DATE.test(value) &&
    !Number.isNaN(Date.parse(value))
  )
    return formatDate(value);
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

/**
 * A link's text: the column's own link text, or its label when the text is the default 'Link' (or
 * blank), so a table of "Datasheet" and "Product page" columns does not read "Link, Link".
 */
function linkName(column: SearchColumn): string {
  const text = column.settings.linkText?.trim();
  return text && text !== 'Link' ? text : column.label;
}

/** The content of one table cell. Unsafe or missing URLs fall back to plain text. */
export function renderCell(column: SearchColumn, row: Row, pageUrl: string): Node | string {
  const value = row[column.id] ?? null;
  if (column.type === 'image') {
    const src = safeUrl(value, pageUrl);
    if (src === null) return '';
    // A fixed-size thumbnail (width and height set, so rows don't jump as images load).
    return h('img', {
      src,
      alt: column.label,
      loading: 'lazy',
      decoding: 'async',
      width: 64,
      height: 64,
      class: 'siteseer-image',
    });
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
      linkName(column),
    );
  }
  return displayValue(value, column.type);
}
