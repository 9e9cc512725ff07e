/**
 * Which wizard steps may be visited. A step can be visited once it is marked checked (reached
 * through Next, or all of them when editing a loaded engine); nothing past step 1 is reachable
 * until the file has been submitted successfully (a changed file or account must be submitted
 * again). Steps show active, checked and error states.
 */
export interface StepGate {
  /** Index of the step shown. */
  active: number;
  /** Steps marked checked (visited and allowed). */
  checked: readonly number[];
  /** Steps marked in error. */
  errors: readonly number[];
  /** Whether the step 1 file (and account) were submitted successfully as they stand. */
  fileSubmitted: boolean;
}

export const initialGate: StepGate = { active: 0, checked: [0], errors: [], fileSubmitted: false };

/** The gate of an engine loaded for editing: its file is on the server, every step checked. */
export function editGate(stepCount: number): StepGate {
  return { active: 0, checked: [...Array(stepCount).keys()], errors: [], fileSubmitted: true };
}

/** Whether the step at `index` can be shown now (by clicking it). */
export function canVisit(gate: StepGate, index: number): boolean {
  if (index === gate.active) return true;
  if (index > 0 && !gate.fileSubmitted) return false;
  return gate.checked.includes(index);
}

/** Moves to a step the gate allows; otherwise nothing changes. */
export function visit(gate: StepGate, index: number): StepGate {
  return canVisit(gate, index) ? { ...gate, active: index } : gate;
}

/** The active step passed its checks: clear its error, mark it and the next one checked, go on. */
export function advance(gate: StepGate, stepCount: number): StepGate {
  const next = Math.min(gate.active + 1, stepCount - 1);
  if (next > 0 && !gate.fileSubmitted) return markError(gate, gate.active);
  const checked = new Set([...gate.checked, gate.active, next]);
  return {
    ...gate,
    active: next,
    checked: [...checked].sort((a, b) => a - b),
    errors: gate.errors.filter((i) => i !== gate.active),
  };
}

/** Back one step (always allowed). */
export function previous(gate: StepGate): StepGate {
  return { ...gate, active: Math.max(0, gate.active - 1) };
}

/** Marks a step in error (and shows it). */
export function markError(gate: StepGate, index: number): StepGate {
  return {
    ...gate,
    active: index,
    errors: gate.errors.includes(index) ? gate.errors : [...gate.errors, index],
  };
}

/** Clears a step's error. */
export function clearError(gate: StepGate, index: number): StepGate {
  return { ...gate, errors: gate.errors.filter((i) => i !== index) };
}

/** Records the file submission's outcome (a changed file or account makes it unsubmitted again). */
export function withFileSubmitted(gate: StepGate, submitted: boolean): StepGate {
  return { ...gate, fileSubmitted: submitted };
}
