import { describe, expect, it } from 'vitest';
import type { ProductCode } from '../constants.ts';
import type { EngineWrite } from './engine-writes.ts';
import { canWriteEngine, engineWriteFlags, engineWriteRefusal } from './engine-writes.ts';
import type { PersonaName } from './personas.test-kit.ts';
import { ACCOUNT, feature, PERSONAS } from './personas.test-kit.ts';

// As seeded: every role may add engines on the dashboard, only managers may edit and delete.
const MANAGERS = ['superadmin', 'owner', 'admin'] as const;
const SEEDED = [
  feature('DASHBOARD_ADD_PARAMETRIC'),
  feature('DASHBOARD_ADD_KEYWORD'),
  feature('ENGINE_EDIT', MANAGERS),
  feature('ENGINE_DELETE', MANAGERS),
];
const ENGINE = { accountId: ACCOUNT, searchEngineType: 'pm' as const };
const KEYWORD = { ...ENGINE, searchEngineType: 'kw' as const };

describe('writes to an engine', () => {
  it.each<{ persona: PersonaName; create: boolean; edit: boolean; del: boolean }>([
    { persona: 'superadmin', create: true, edit: true, del: true },
    { persona: 'owner', create: true, edit: true, del: true },
    { persona: 'admin', create: true, edit: true, del: true },
    { persona: 'user', create: true, edit: false, del: false },
    { persona: 'unknown', create: false, edit: false, del: false },
    { persona: 'other', create: false, edit: false, del: false },
  ])(
    'Given the seeded features, When the $persona viewer writes a parametric engine of acc-1, Then create $create, edit $edit, delete $del',
    ({ persona, create, edit, del }) => {
      const ask = (write: EngineWrite) => canWriteEngine(PERSONAS[persona], SEEDED, ENGINE, write);
      expect([ask('create'), ask('edit'), ask('delete')]).toEqual([create, edit, del]);
    },
  );

  it.each<{ persona: PersonaName; create: boolean }>([
    { persona: 'superadmin', create: true },
    { persona: 'owner', create: true },
    { persona: 'admin', create: true },
    { persona: 'user', create: false },
    { persona: 'unknown', create: false },
    { persona: 'other', create: false },
  ])(
    'Given the seeded features, When the $persona viewer creates a keyword engine in acc-1, Then $create: saving its crawler is an edit',
    ({ persona, create }) => {
      expect(canWriteEngine(PERSONAS[persona], SEEDED, KEYWORD, 'create')).toBe(create);
    },
  );

  it('Given each product type, When asking what creating one needs, Then it is what completes it too', () => {
    const flags = (type: ProductCode) => engineWriteFlags('create', type);
    expect([flags('pm'), flags('kw')]).toEqual([
      ['DASHBOARD_ADD_PARAMETRIC'],
      ['DASHBOARD_ADD_KEYWORD', 'ENGINE_EDIT'],
    ]);
  });

  it('Given ENGINE_EDIT switched on for users, When a user creates a keyword engine, Then it is allowed', () => {
    const features = [...SEEDED.filter((f) => f.name !== 'ENGINE_EDIT'), feature('ENGINE_EDIT')];
    expect(canWriteEngine(PERSONAS.user, features, KEYWORD, 'create')).toBe(true);
  });

  it('Given the parametric add feature off, When an owner creates a parametric or a keyword engine, Then only keyword is allowed', () => {
    const features = SEEDED.filter((f) => f.name !== 'DASHBOARD_ADD_PARAMETRIC');
    expect(canWriteEngine(PERSONAS.owner, features, ENGINE, 'create')).toBe(false);
    expect(canWriteEngine(PERSONAS.owner, features, KEYWORD, 'create')).toBe(true);
  });
});

describe('why a write is refused', () => {
  it('Given the seeded features, When a user writes, Then the refusal names the feature that is off', () => {
    const refusal = (engine: typeof ENGINE | typeof KEYWORD, write: EngineWrite) =>
      engineWriteRefusal(PERSONAS.user, SEEDED, engine, write);
    expect(refusal(ENGINE, 'create')).toBeUndefined();
    expect(refusal(KEYWORD, 'create')).toBe(
      "Your role cannot create Keyword search engines (feature ENGINE_EDIT, needed to save a new engine's search settings and crawler).",
    );
    expect(refusal(ENGINE, 'edit')).toBe('Your role cannot edit search engines (feature ENGINE_EDIT).');
    expect(refusal(KEYWORD, 'delete')).toBe(
      'Your role cannot delete search engines (feature ENGINE_DELETE).',
    );
  });

  it('Given no feature on, When an owner creates a keyword engine, Then the refusal names both features', () => {
    expect(engineWriteRefusal(PERSONAS.owner, [], KEYWORD, 'create')).toBe(
      'Your role cannot create Keyword search engines (features DASHBOARD_ADD_KEYWORD, ENGINE_EDIT).',
    );
    expect(engineWriteRefusal(PERSONAS.owner, [], ENGINE, 'create')).toBe(
      'Your role cannot create Parametric search engines (feature DASHBOARD_ADD_PARAMETRIC).',
    );
  });

  it('Given a viewer with no role on the account, When they write, Then the refusal says so', () => {
    expect(engineWriteRefusal(PERSONAS.other, SEEDED, ENGINE, 'edit')).toBe(
      'Your role cannot edit search engines in this account.',
    );
  });
});
