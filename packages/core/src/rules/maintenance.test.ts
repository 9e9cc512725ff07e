import { describe, expect, it } from 'vitest';
import {
  canSetMaintenance,
  MaintenanceForm,
  maintenanceState,
  validateMaintenanceForm,
} from './maintenance.ts';
import { MESSAGES } from './messages.ts';

const valid = { message: 'Upgrade tonight', start: '2026-11-23T20:00:00Z', end: '2026-11-23T22:00:00Z' };

describe('maintenance form', () => {
  it('Given message, start and end without a title, when validated, then it can be set', () => {
    expect(validateMaintenanceForm(valid)).toEqual({});
    expect(canSetMaintenance(valid)).toBe(true);
  });

  it.each([
    ['no message', { message: '' }, { message: MESSAGES.maintenanceMessageRequired }],
    ['a whitespace message', { message: '   ' }, { message: MESSAGES.maintenanceMessageRequired }],
    ['no start', { start: '' }, { start: MESSAGES.maintenanceStartRequired }],
    ['a start that is not a date', { start: 'tomorrow-ish' }, { start: MESSAGES.maintenanceStartRequired }],
    ['no end', { end: undefined }, { end: MESSAGES.maintenanceEndRequired }],
    ['an end before the start', { end: '2026-11-23T19:00:00Z' }, { end: MESSAGES.maintenanceEndBeforeStart }],
    ['an end equal to the start', { end: valid.start }, { end: MESSAGES.maintenanceEndBeforeStart }],
  ])('Given %s, when validated, then the trigger is disabled with %j', (_case, patch, expected) => {
    const input = { ...valid, ...patch };
    expect(validateMaintenanceForm(input)).toEqual(expected);
    expect(canSetMaintenance(input)).toBe(false);
  });

  it('Given local date-time input values, when validated, then they are accepted', () => {
    expect(
      canSetMaintenance({
        title: 'Heads up',
        message: 'x',
        start: '2026-11-23T20:00',
        end: '2026-11-23T21:00',
      }),
    ).toBe(true);
  });

  it('Given no title, when parsed, then the title is empty', () => {
    expect(MaintenanceForm.parse(valid).title).toBe('');
  });
});

describe('maintenance state', () => {
  const notice = { start: '2026-11-23T20:00:00.000Z', end: '2026-11-23T22:00:00.000Z' };
  it.each([
    ['before the start', '2026-11-23T19:59:59.999Z', 'scheduled'],
    ['at the start', '2026-11-23T20:00:00.000Z', 'active'],
    ['between start and end', '2026-11-23T21:00:00.000Z', 'active'],
    ['at the end', '2026-11-23T22:00:00.000Z', 'none'],
    ['after the end', '2026-11-24T00:00:00.000Z', 'none'],
  ])('Given a notice, when the clock is %s, then the state is %s', (_case, now, state) => {
    expect(maintenanceState(notice, new Date(now))).toBe(state);
    expect(maintenanceState(notice, Date.parse(now))).toBe(state);
  });

  it.each([null, undefined])('Given no notice (%s), when evaluated, then the state is none', (none) => {
    expect(maintenanceState(none, Date.now())).toBe('none');
  });

  it('Given a notice with an unreadable date, when evaluated, then the state is none', () => {
    expect(maintenanceState({ start: 'bad', end: notice.end }, Date.parse('2026-11-23T21:00:00Z'))).toBe(
      'none',
    );
  });
});
