import type { ParametricConfiguration } from '@siteseer/core';
import { activeFilters, normaliseParametricConfiguration } from '@siteseer/core';
import { describe, expect, it } from 'vitest';
import { moveColumn, moveFilter, orderedColumns, updateColumn, updateFilter } from './configuration-edit.ts';

function config(): ParametricConfiguration {
  const column = (id: string, position: number, type: 'keyword' | 'integer' | 'image') => ({
    id,
    label: id,
    position,
    type,
    settings: {},
    enabled: true,
    supports: { filtering: true, sorting: true },
  });
  return normaliseParametricConfiguration({
    columns: {
      name: column('name', 0, 'keyword'),
      price: column('price', 1, 'integer'),
      photo: column('photo', 2, 'image'),
    },
    filters: {},
    settings: {
      filterFormat: 'list',
      allowDownload: false,
      allowEmptyFilterValues: false,
      autoApplyFilters: true,
      showSearchBar: false,
    },
  });
}

describe('configuration edits (core column rules applied)', () => {
  it('Given an image column, then it can neither filter nor sort', () => {
    const photo = config().columns.photo;
    expect(photo?.supports).toEqual({ filtering: false, sorting: false });
  });

  it('Given a column disabled, then its filtering is switched off and its filter leaves the list', () => {
    const next = updateColumn(config(), 'name', { enabled: false });
    expect(next.columns.name?.supports.filtering).toBe(false);
    expect(activeFilters(next).map((f) => f.id)).toEqual(['price']);
  });

  it('Given a range filter on a numeric column, when its type becomes text, then the range filter is cleared', () => {
    const ranged = updateFilter(config(), 'price', { rangeFilter: true });
    expect(ranged.filters.price?.supports.rangeFilter).toBe(true);
    const text = updateColumn(ranged, 'price', { type: 'keyword' });
    expect(text.filters.price?.supports.rangeFilter).toBe(false);
  });

  it('Given a range filter on a text column, then it is refused', () => {
    expect(updateFilter(config(), 'name', { rangeFilter: true }).filters.name?.supports.rangeFilter).toBe(
      false,
    );
  });

  it('Given a label typed with spaces and %, then it is stored URI-encoded', () => {
    expect(updateColumn(config(), 'name', { label: '100% Cotton' }).columns.name?.label).toBe(
      '100%25%20Cotton',
    );
  });

  it('Given a move, then columns and filters swap with their neighbour and keep positions 0..n', () => {
    expect(orderedColumns(moveColumn(config(), 'price', -1)).map((c) => c.id)).toEqual([
      'price',
      'name',
      'photo',
    ]);
    expect(orderedColumns(moveColumn(config(), 'name', -1)).map((c) => c.id)).toEqual([
      'name',
      'price',
      'photo',
    ]);
    expect(activeFilters(moveFilter(config(), 'name', 1)).map((f) => f.id)).toEqual(['price', 'name']);
  });
});
