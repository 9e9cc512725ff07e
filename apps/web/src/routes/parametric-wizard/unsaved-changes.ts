import type { ParametricConfiguration } from '@siteseer/core';
import type { NameStepValues } from './name-step.tsx';

/** What publishing the parametric wizard would store: step 1's values and the configuration. */
export interface WizardSnapshot {
  values: NameStepValues;
  configuration: ParametricConfiguration | undefined;
}

/** Equal as JSON data, whatever the order of object keys (core's rules may rebuild a map). */
function sameData(a: unknown, b: unknown): boolean {
  if (a === b) return true;
  if (typeof a !== 'object' || typeof b !== 'object' || a === null || b === null) return false;
  if (Array.isArray(a) !== Array.isArray(b)) return false;
  const aEntries = Object.entries(a).filter(([, value]) => value !== undefined);
  const bKeys = Object.keys(b).filter((key) => (b as Record<string, unknown>)[key] !== undefined);
  return (
    aEntries.length === bKeys.length &&
    aEntries.every(([key, value]) => sameData(value, (b as Record<string, unknown>)[key]))
  );
}

/**
 * Whether leaving would lose something since `saved` (the wizard's opening state, or what it last
 * published). The name counts trimmed, as it is published, so the trim on blur is not a change;
 * a file counts by identity: picking another file is a change even with the same name.
 */
export function hasUnsavedChanges(saved: WizardSnapshot, current: WizardSnapshot): boolean {
  const before = saved.values;
  const now = current.values;
  return (
    before.accountId !== now.accountId ||
    before.searchEngineName.trim() !== now.searchEngineName.trim() ||
    before.file !== now.file ||
    before.updateFile !== now.updateFile ||
    !sameData(saved.configuration, current.configuration)
  );
}
