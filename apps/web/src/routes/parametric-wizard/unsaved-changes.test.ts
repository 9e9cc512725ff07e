import { ParametricConfiguration } from '@siteseer/core';
import { describe, expect, it } from 'vitest';
import { hasUnsavedChanges, type WizardSnapshot } from './unsaved-changes.ts';

const file = new File(['Part\nBolt\n'], 'parts.csv', { type: 'text/csv' });
const values = { accountId: 'a1', searchEngineName: 'Hardware Parts', file, updateFile: false };
const column = (id: string, position: number) => ({
  id,
  label: id,
  position,
  type: 'keyword' as const,
  settings: {},
  enabled: true,
  supports: { filtering: true, sorting: true },
});
/** A configuration whose columns are listed in the order given. */
const configurationOf = (...columns: ReturnType<typeof column>[]) =>
  ParametricConfiguration.parse({ columns: Object.fromEntries(columns.map((c) => [c.id, c])), filters: {} });
const configuration = configurationOf(column('part', 0), column('price', 1));
const opened: WizardSnapshot = { values, configuration };

describe('hasUnsavedChanges (parametric wizard)', () => {
  it('Given the same data with object keys in another order, then nothing is unsaved', () => {
    const reordered = configurationOf(column('price', 1), column('part', 0));
    expect(hasUnsavedChanges(opened, { values: { ...values }, configuration: reordered })).toBe(false);
  });

  it('Given only spaces around the name, then nothing is unsaved; another name is a change', () => {
    const spaced = { ...values, searchEngineName: ' Hardware Parts ' };
    expect(hasUnsavedChanges(opened, { values: spaced, configuration })).toBe(false);
    expect(
      hasUnsavedChanges(opened, { values: { ...values, searchEngineName: 'Parts' }, configuration }),
    ).toBe(true);
  });

  it('Given another file of the same name, a moved column or a configuration where there was none, then it is a change', () => {
    const again = new File(['Part\nNut\n'], 'parts.csv', { type: 'text/csv' });
    expect(hasUnsavedChanges(opened, { values: { ...values, file: again }, configuration })).toBe(true);
    const moved = configurationOf(column('part', 1), column('price', 0));
    expect(hasUnsavedChanges(opened, { values, configuration: moved })).toBe(true);
    expect(hasUnsavedChanges({ values, configuration: undefined }, opened)).toBe(true);
  });
});
