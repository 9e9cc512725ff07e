/**
 * Which keyword wizard steps can be shown. Creating, a step unlocks once reached; editing, every step
 * is unlocked at once. Going forward checks every step before the target, and the first one with a
 * blocking error is shown instead of the target. Going back checks nothing.
 */
export interface KeywordGate {
  /** Index of the step shown. */
  active: number;
  /** The furthest step unlocked. */
  reached: number;
}

/**
 * The gate a wizard starts with: creating, only the first step; editing, all of them, showing the
 * step named by `opened` when it is one of `steps` (the edit link's `?step=`, e.g. from the
 * analytics' searches with no results to Influence or Synonyms).
 */
export function initialGate(
  mode: 'create' | 'edit',
  steps: readonly string[],
  opened?: string | null,
): KeywordGate {
  if (mode === 'create') return { active: 0, reached: 0 };
  return { active: Math.max(0, opened ? steps.indexOf(opened) : 0), reached: steps.length - 1 };
}

/** Whether a step can be clicked now. */
export function isUnlocked(gate: KeywordGate, index: number): boolean {
  return index <= gate.reached;
}

export interface Move {
  gate: KeywordGate;
  /** The steps checked on the way (their errors show from now on). */
  checked: number[];
  /** The step that blocked the move, now shown; undefined when the target was reached. */
  blockedAt: number | undefined;
}

/**
 * Moves to `target`: backwards always; forwards to an unlocked step or the next one, once
 * `blocks(index)` said no step before the target blocks.
 */
export function goTo(gate: KeywordGate, target: number, blocks: (index: number) => boolean): Move {
  const stay: Move = { gate, checked: [], blockedAt: undefined };
  if (target < 0 || target === gate.active) return stay;
  if (target < gate.active) return { ...stay, gate: { ...gate, active: target } };
  if (target > Math.max(gate.reached, gate.active + 1)) return stay;
  const checked: number[] = [];
  for (let index = 0; index < target; index++) {
    checked.push(index);
    if (blocks(index)) return { gate: { ...gate, active: index }, checked, blockedAt: index };
  }
  return { gate: { active: target, reached: Math.max(gate.reached, target) }, checked, blockedAt: undefined };
}
