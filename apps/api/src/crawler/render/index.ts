export {
  CHROMIUM_MISSING,
  type ChromiumFound,
  checkRenderingTurnedOn,
  renderingLine,
} from './chromium.ts';
export { type PageRenderer, RenderPool } from './render-pool.ts';
