import { describe, expect, it } from 'vitest';
import {
  advance,
  canVisit,
  editGate,
  initialGate,
  markError,
  visit,
  withFileSubmitted,
} from './step-gate.ts';

describe('wizard step gate', () => {
  it('Given a new wizard, then only step 1 can be shown and Next cannot pass it before the file is submitted', () => {
    expect(canVisit(initialGate, 0)).toBe(true);
    expect(canVisit(initialGate, 1)).toBe(false);
    const blocked = advance(initialGate, 3);
    expect(blocked.active).toBe(0);
    expect(blocked.errors).toEqual([0]);
  });

  it('Given a submitted file, then Next marks the next step checked and moves there', () => {
    const gate = advance(withFileSubmitted(initialGate, true), 3);
    expect(gate).toMatchObject({ active: 1, checked: [0, 1], errors: [] });
    expect(canVisit(gate, 2)).toBe(false);
    expect(visit(gate, 2).active).toBe(1);
    expect(visit(gate, 0).active).toBe(0);
  });

  it('Given checked steps, when the file changes (unsubmitted), then steps past 1 cannot be visited', () => {
    const gate = visit(advance(withFileSubmitted(initialGate, true), 3), 0);
    expect(canVisit(gate, 1)).toBe(true);
    expect(canVisit(withFileSubmitted(gate, false), 1)).toBe(false);
  });

  it('Given an engine loaded for editing, then every step is checked and visitable', () => {
    const gate = editGate(3);
    expect([0, 1, 2].map((i) => canVisit(gate, i))).toEqual([true, true, true]);
  });

  it('Given an error on a step, then it shows and advancing clears it', () => {
    const gate = markError(withFileSubmitted(initialGate, true), 0);
    expect(gate.errors).toEqual([0]);
    expect(advance(gate, 2).errors).toEqual([]);
  });
});
