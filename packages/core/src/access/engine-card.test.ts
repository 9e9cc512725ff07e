import { describe, expect, it } from 'vitest';
import { INGEST_API_CREATOR } from '../constants.ts';
import { MESSAGES } from '../rules/messages.ts';
import type { CardEngine, EngineButton, EngineMenuItem } from './engine-card.ts';
import { engineActionRefusal, engineCardButtons, engineMenuItems, isIngestApiEngine } from './engine-card.ts';
import type { PersonaName } from './personas.test-kit.ts';
import { ACCOUNT, allOn, feature, OTHER_ACCOUNT, PERSONAS } from './personas.test-kit.ts';

const allFlags = allOn(
  'ENGINE_PREVIEW',
  'ENGINE_INSTALL',
  'ENGINE_ANALYTICS',
  'ENGINE_STATUS',
  'ENGINE_EDIT',
  'ENGINE_DELETE',
);
const pm: CardEngine = { accountId: ACCOUNT, searchEngineType: 'pm', createdBy: 'u-owner' };
const kw: CardEngine = { accountId: ACCOUNT, searchEngineType: 'kw', createdBy: 'u-owner' };

describe('engine card buttons', () => {
  it.each<{ persona: PersonaName; pmButtons: EngineButton[]; kwButtons: EngineButton[] }>([
    {
      persona: 'superadmin',
      pmButtons: ['preview', 'install', 'analytics'],
      kwButtons: ['preview', 'install', 'analytics', 'status'],
    },
    {
      persona: 'owner',
      pmButtons: ['preview', 'install', 'analytics'],
      kwButtons: ['preview', 'install', 'analytics', 'status'],
    },
    {
      persona: 'admin',
      pmButtons: ['preview', 'install', 'analytics'],
      kwButtons: ['preview', 'install', 'analytics', 'status'],
    },
    {
      persona: 'user',
      pmButtons: ['preview', 'install', 'analytics'],
      kwButtons: ['preview', 'install', 'analytics', 'status'],
    },
    { persona: 'unknown', pmButtons: [], kwButtons: [] },
    { persona: 'other', pmButtons: [], kwButtons: [] },
  ])(
    'Given every engine feature on, When the $persona viewer looks at acc-1 engines, Then parametric shows $pmButtons and keyword $kwButtons',
    ({ persona, pmButtons, kwButtons }) => {
      expect(engineCardButtons(PERSONAS[persona], allFlags, pm)).toEqual(pmButtons);
      expect(engineCardButtons(PERSONAS[persona], allFlags, kw)).toEqual(kwButtons);
    },
  );

  it('Given the owner of another account, When looking at an engine of that account, Then the buttons show', () => {
    const own: CardEngine = { ...kw, accountId: OTHER_ACCOUNT };
    expect(engineCardButtons(PERSONAS.other, allFlags, own)).toEqual([
      'preview',
      'install',
      'analytics',
      'status',
    ]);
  });

  it.each<[string, EngineButton[]]>([
    ['ENGINE_PREVIEW', ['preview']],
    ['ENGINE_INSTALL', ['install']],
    ['ENGINE_ANALYTICS', ['analytics']],
    ['ENGINE_STATUS', ['status']],
  ])(
    'Given only %s on, When an owner looks at a keyword engine, Then the buttons are %j',
    (flag, expected) => {
      expect(engineCardButtons(PERSONAS.owner, allOn(flag), kw)).toEqual(expected);
    },
  );

  it('Given ENGINE_ANALYTICS allowed for admins only, When a user and an admin look, Then only the admin gets Analytics', () => {
    const features = [feature('ENGINE_ANALYTICS', ['admin'])];
    expect(engineCardButtons(PERSONAS.user, features, pm)).toEqual([]);
    expect(engineCardButtons(PERSONAS.admin, features, pm)).toEqual(['analytics']);
  });

  it('Given every feature off, When a super admin looks, Then no button shows', () => {
    expect(engineCardButtons(PERSONAS.superadmin, [], kw)).toEqual([]);
  });
});

describe('engine card menu', () => {
  it.each<{ persona: PersonaName; pmMenu: EngineMenuItem[]; kwMenu: EngineMenuItem[] }>([
    { persona: 'superadmin', pmMenu: ['edit', 'download', 'delete'], kwMenu: ['edit', 'alerts', 'delete'] },
    { persona: 'owner', pmMenu: ['edit', 'download', 'delete'], kwMenu: ['edit', 'alerts', 'delete'] },
    { persona: 'admin', pmMenu: ['edit', 'download', 'delete'], kwMenu: ['edit', 'alerts', 'delete'] },
    { persona: 'user', pmMenu: ['edit', 'delete'], kwMenu: ['edit', 'alerts', 'delete'] },
    { persona: 'unknown', pmMenu: [], kwMenu: [] },
    { persona: 'other', pmMenu: [], kwMenu: [] },
  ])(
    'Given Edit and Delete on, When the $persona viewer opens the menu of acc-1 engines, Then parametric has $pmMenu and keyword $kwMenu',
    ({ persona, pmMenu, kwMenu }) => {
      expect(engineMenuItems(PERSONAS[persona], allFlags, pm)).toEqual(pmMenu);
      expect(engineMenuItems(PERSONAS[persona], allFlags, kw)).toEqual(kwMenu);
    },
  );

  it.each<{ persona: PersonaName; menu: EngineMenuItem[] }>([
    { persona: 'superadmin', menu: ['download'] },
    { persona: 'owner', menu: ['download'] },
    { persona: 'admin', menu: ['download'] },
    { persona: 'user', menu: [] },
  ])(
    'Given Edit and Delete off, When the $persona viewer opens a parametric menu, Then it has $menu',
    ({ persona, menu }) => {
      expect(engineMenuItems(PERSONAS[persona], [], pm)).toEqual(menu);
    },
  );

  it.each<{ persona: PersonaName; menu: EngineMenuItem[] }>([
    { persona: 'superadmin', menu: ['delete'] },
    { persona: 'owner', menu: ['delete'] },
    { persona: 'admin', menu: ['delete'] },
    { persona: 'user', menu: ['delete'] },
  ])(
    'Given Edit off, When the $persona viewer opens a keyword menu, Then Alerts goes with Edit: $menu',
    ({ persona, menu }) => {
      expect(engineMenuItems(PERSONAS[persona], allOn('ENGINE_DELETE'), kw)).toEqual(menu);
    },
  );

  it('Given Edit allowed for admins only, When a user and an admin open a keyword menu, Then only the admin gets Alerts', () => {
    const features = [feature('ENGINE_EDIT', ['admin'])];
    expect(engineMenuItems(PERSONAS.user, features, kw)).toEqual([]);
    expect(engineMenuItems(PERSONAS.admin, features, kw)).toEqual(['edit', 'alerts']);
  });

  it('Given the owner of another account, When opening a keyword menu of acc-1, Then there is no Alerts (nor anything)', () => {
    expect(engineMenuItems(PERSONAS.other, allFlags, kw)).toEqual([]);
    expect(engineMenuItems(PERSONAS.other, allFlags, { ...kw, accountId: OTHER_ACCOUNT })).toEqual([
      'edit',
      'alerts',
      'delete',
    ]);
  });
});

describe('actions refused on ingest API engines', () => {
  const ingestPm = { searchEngineType: 'pm' as const, createdBy: INGEST_API_CREATOR };

  it.each<[EngineMenuItem, string | undefined]>([
    ['edit', MESSAGES.apiEngineActionUnsupported],
    ['download', MESSAGES.apiEngineActionUnsupported],
    ['delete', undefined],
  ])(
    'Given a parametric engine made by the ingest API, When choosing %s, Then the refusal is %j',
    (action, expected) => {
      expect(engineActionRefusal(ingestPm, action)).toBe(expected);
    },
  );

  it.each<EngineMenuItem>(['edit', 'alerts', 'download', 'delete'])(
    'Given a parametric engine made in the portal, When choosing %s, Then nothing is refused',
    (action) => {
      expect(engineActionRefusal({ searchEngineType: 'pm', createdBy: 'u-owner' }, action)).toBeUndefined();
    },
  );

  it('Given a keyword engine marked as made by the ingest API, When choosing edit, Then nothing is refused', () => {
    expect(
      engineActionRefusal({ searchEngineType: 'kw', createdBy: INGEST_API_CREATOR }, 'edit'),
    ).toBeUndefined();
  });

  it('Given createdBy values, When asking whether the ingest API made the engine, Then only INGEST_API counts', () => {
    expect(isIngestApiEngine({ createdBy: INGEST_API_CREATOR })).toBe(true);
    expect(isIngestApiEngine({ createdBy: 'ingest_api' })).toBe(false);
  });
});
