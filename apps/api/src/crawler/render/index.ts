export {
  CHROMIUM_MISSING,
  type ChromiumFound,
  checkRenderingTurnedOn,
  findChromium,
  RENDER_DEFAULTS,
  renderingLine,
} from './chromium.ts';
export type { RenderOutcome, RenderRequest } from './page-render.ts';
export { RENDER_LIMITS } from './render-budget.ts';
export { type PageRenderer, RenderPool } from './render-pool.ts';
