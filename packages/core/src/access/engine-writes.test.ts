import { describe, expect, it } from 'vitest';
import type { EngineWrite } from './engine-writes.ts';
import { canWriteEngine } from './engine-writes.ts';
import type { PersonaName } from './test-fixtures.ts';
import { ACCOUNT, feature, PERSONAS } from './test-fixtures.ts';

// As seeded: every role may create, only managers may edit and delete.
const MANAGERS = ['superadmin', 'owner', 'admin'] as const;
const SEEDED = [
  feature('DASHBOARD_ADD_PARAMETRIC'),
  feature('DASHBOARD_ADD_KEYWORD'),
  feature('ENGINE_EDIT', MANAGERS),
  feature('ENGINE_DELETE', MANAGERS),
];
const ENGINE = { accountId: ACCOUNT, searchEngineType: 'pm' as const };

describe('writes to an engine', () => {
  it.each<{ persona: PersonaName; create: boolean; edit: boolean; del: boolean }>([
    { persona: 'superadmin', create: true, edit: true, del: true },
    { persona: 'owner', create: true, edit: true, del: true },
    { persona: 'admin', create: true, edit: true, del: true },
    { persona: 'user', create: true, edit: false, del: false },
    { persona: 'unknown', create: false, edit: false, del: false },
    { persona: 'other', create: false, edit: false, del: false },
  ])(
    'Given the seeded features, When the $persona viewer writes an engine of acc-1, Then create $create, edit $edit, delete $del',
    ({ persona, create, edit, del }) => {
      const ask = (write: EngineWrite) => canWriteEngine(PERSONAS[persona], SEEDED, ENGINE, write);
      expect([ask('create'), ask('edit'), ask('delete')]).toEqual([create, edit, del]);
    },
  );

  it('Given the parametric add feature off, When an owner creates a parametric or a keyword engine, Then only keyword is allowed', () => {
    const features = SEEDED.filter((f) => f.name !== 'DASHBOARD_ADD_PARAMETRIC');
    expect(canWriteEngine(PERSONAS.owner, features, ENGINE, 'create')).toBe(false);
    expect(canWriteEngine(PERSONAS.owner, features, { ...ENGINE, searchEngineType: 'kw' }, 'create')).toBe(
      true,
    );
  });
});
