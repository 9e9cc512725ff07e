import { describe, expect, it } from 'vitest';
import { canOpenDocument, documentationFor, seesDocumentationAdministration } from './documentation.ts';
import type { PersonaName } from './personas.test-kit.ts';
import { PERSONAS } from './personas.test-kit.ts';

describe('documentation', () => {
  it.each<{ persona: PersonaName; groups: string[] }>([
    { persona: 'superadmin', groups: ['administration', 'guides', 'parametric', 'keyword'] },
    { persona: 'owner', groups: ['guides', 'parametric', 'keyword'] },
    { persona: 'admin', groups: ['guides', 'parametric', 'keyword'] },
    { persona: 'user', groups: ['guides', 'parametric', 'keyword'] },
    { persona: 'unknown', groups: ['guides', 'parametric', 'keyword'] },
    { persona: 'other', groups: ['guides', 'parametric', 'keyword'] },
  ])(
    'Given the $persona viewer, When listing documentation, Then the groups are $groups',
    ({ persona, groups }) => {
      const viewer = PERSONAS[persona];
      expect(documentationFor(viewer).map((g) => g.id)).toEqual(groups);
      expect(seesDocumentationAdministration(viewer)).toBe(groups.includes('administration'));
    },
  );

  it('Given a super admin, When listing documentation, Then every document of section 2.6 and every guide is there with its title', () => {
    expect(
      documentationFor(PERSONAS.superadmin).map((g) => [g.title, g.documents.map((d) => d.title)]),
    ).toEqual([
      ['Administration', ['Add Documentation']],
      [
        'Guides',
        [
          'Getting Started',
          'Crawling',
          'Synonyms, Character Mapping and URL Rewriting',
          'The API',
          'The CLI',
        ],
      ],
      ['Parametric', ['Theming Parametric Interface', 'Parametric Client Events']],
      ['Keyword', ['Theming Keyword Interface', 'Advanced Keyword Theming', 'Keyword Client Events']],
    ]);
  });

  it.each<{ persona: PersonaName; group: string; doc: string; expected: boolean }>([
    { persona: 'superadmin', group: 'administration', doc: 'add-documentation', expected: true },
    { persona: 'owner', group: 'administration', doc: 'add-documentation', expected: false },
    { persona: 'user', group: 'keyword', doc: 'keyword-client-events', expected: true },
    { persona: 'unknown', group: 'parametric', doc: 'theming-parametric-interface', expected: true },
    { persona: 'user', group: 'keyword', doc: 'theming-parametric-interface', expected: false },
    { persona: 'superadmin', group: 'keyword', doc: 'no-such-doc', expected: false },
    { persona: 'user', group: 'guides', doc: 'getting-started', expected: true },
    { persona: 'unknown', group: 'guides', doc: 'crawling', expected: true },
  ])(
    'Given the $persona viewer, When opening /documentation/$group/$doc, Then allowed is $expected',
    ({ persona, group, doc, expected }) => {
      expect(canOpenDocument(PERSONAS[persona], group, doc)).toBe(expected);
    },
  );
});
