import type { Mode } from './mode.ts';
import { mountParametric } from './parametric/parametric-mode.ts';

/** Renderers by the config's engine type (`pm`, later `kw`). */
export const MODES: Readonly<Record<string, Mode>> = {
  pm: mountParametric,
};

export type { Mode, ModeContext, ModeInstance } from './mode.ts';
