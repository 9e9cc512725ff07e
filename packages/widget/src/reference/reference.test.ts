// @vitest-environment node
import { describe, expect, it } from 'vitest';
import { eventTypeMismatches } from '../test/event-type-check.ts';
import {
  classLiterals,
  emittedEvents,
  modeFiles,
  propertiesReadBy,
  themeDefaults,
} from '../test/source-facts.ts';
import { KEYWORD_EVENTS, PARAMETRIC_EVENTS } from './client-events.ts';
import { KEYWORD_POPUP_PARTS, KEYWORD_WIDGET_PARTS, partClasses } from './keyword-parts.ts';
import { THEME_PROPERTIES, type WidgetModeName } from './theme-properties.ts';

const MODES: WidgetModeName[] = ['parametric', 'keyword'];

describe('the reference of the theme', () => {
  const theme = themeDefaults();

  it('lists every custom property of styles/theme.css, with its light default', () => {
    expect(Object.fromEntries(THEME_PROPERTIES.map((p) => [p.name, p.light]))).toEqual(
      Object.fromEntries(theme.light),
    );
  });

  it('gives the dark default of each property the dark scheme changes, and no other', () => {
    const documented = Object.fromEntries(
      THEME_PROPERTIES.flatMap((p) => (p.dark ? [[p.name, p.dark]] : [])),
    );
    expect(documented).toEqual(Object.fromEntries(theme.pinnedDark));
    // One dark column in the docs is only true when both ways to get the dark scheme agree.
    expect(Object.fromEntries(theme.preferredDark)).toEqual(Object.fromEntries(theme.pinnedDark));
  });

  it.each(MODES)('says for %s mode exactly the properties its CSS rules read', (mode) => {
    const documented = THEME_PROPERTIES.filter((p) => p.uses[mode] !== undefined).map((p) => p.name);
    expect(documented.sort()).toEqual([...propertiesReadBy(mode)].sort());
  });
});

describe('the reference of the client events', () => {
  it.each([
    ['parametric', PARAMETRIC_EVENTS],
    ['keyword', KEYWORD_EVENTS],
  ] as const)('names the events %s mode emits, cancelable where the code makes them so', (mode, events) => {
    const emitted = emittedEvents(modeFiles(mode));
    expect(Object.fromEntries(events.map((e) => [e.name, { cancelable: e.cancelable }]))).toEqual(
      Object.fromEntries(emitted),
    );
  });

  it('documents every detail field with the type events.ts gives it (checked by tsc)', async () => {
    const mismatches = await eventTypeMismatches([
      { map: 'ParametricEventMap', events: PARAMETRIC_EVENTS },
      { map: 'KeywordEventMap', events: KEYWORD_EVENTS },
    ]);
    expect(mismatches).toEqual([]);
  }, 30_000);

  it('fails the type check when a documented type is wrong, naming the field', async () => {
    const click = KEYWORD_EVENTS.find((e) => e.name === 'siteseer:click');
    if (!click) throw new Error('no keyword click event');
    const wrong = {
      ...click,
      detail: click.detail.map((f) => (f.name === 'position' ? { ...f, type: 'string' } : f)),
    };
    const mismatches = await eventTypeMismatches([{ map: 'KeywordEventMap', events: [wrong] }]);
    expect(mismatches).toContainEqual(
      expect.stringContaining('KeywordEventMap siteseer:click detail.position: documented as string'),
    );
    expect(mismatches).toContainEqual(expect.stringContaining('KeywordEventMap: the event names'));
  }, 30_000);
});

describe('the reference of the keyword parts', () => {
  it("lists every class keyword mode's code sets, and only those", () => {
    const documented = new Set([...partClasses(KEYWORD_WIDGET_PARTS), ...partClasses(KEYWORD_POPUP_PARTS)]);
    expect([...documented].sort()).toEqual([...classLiterals(modeFiles('keyword'))].sort());
  });
});
