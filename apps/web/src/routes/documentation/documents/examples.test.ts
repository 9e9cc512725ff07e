import {
  KEYWORD_EVENTS,
  KEYWORD_POPUP_PARTS,
  KEYWORD_WIDGET_PARTS,
  PARAMETRIC_EVENTS,
  partClasses,
} from '@siteseer/widget/reference';
import { describe, expect, it } from 'vitest';
import { LAYOUT_EXAMPLES } from './layout-examples.ts';
import { LISTENER_EXAMPLES, listenerCode } from './listener-examples.ts';

describe('the listener examples', () => {
  it.each([
    ['parametric', PARAMETRIC_EVENTS],
    ['keyword', KEYWORD_EVENTS],
  ] as const)('read only fields the %s events have', (mode, events) => {
    for (const event of events) {
      const example = LISTENER_EXAMPLES[mode][event.name];
      const fields = event.detail.map((field) => field.name);
      expect({ event: event.name, fields: example.fields.filter((f) => !fields.includes(f)) }).toEqual({
        event: event.name,
        fields: [],
      });
    }
  });

  it('are a document listener that takes the fields from event.detail', () => {
    expect(listenerCode('siteseer:error', LISTENER_EXAMPLES.keyword['siteseer:error'])).toBe(
      [
        "document.addEventListener('siteseer:error', (event) => {",
        '  const { message } = event.detail;',
        "  console.error('Site search failed:', message);",
        '});',
      ].join('\n'),
    );
  });
});

describe('the layout examples', () => {
  it('name only classes the keyword widget documents', () => {
    const documented = new Set([...partClasses(KEYWORD_WIDGET_PARTS), ...partClasses(KEYWORD_POPUP_PARTS)]);
    for (const example of LAYOUT_EXAMPLES) {
      const named = [...example.css.matchAll(/\.([a-z][\w-]*)/g)].map((m) => m[1] ?? '');
      expect({ example: example.id, unknown: named.filter((name) => !documented.has(name)) }).toEqual({
        example: example.id,
        unknown: [],
      });
    }
  });
});
