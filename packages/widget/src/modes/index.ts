import { SearchUnavailableError } from '../api/errors.ts';
import type { WidgetConfig } from '../api/response-shape.ts';
import { mountKeyword } from './keyword/keyword-mode.ts';
import type { ModeContext, ModeInstance } from './mode.ts';
import { mountParametric } from './parametric/parametric-mode.ts';

/** Starts the renderer of the config's engine type: parametric (`pm`) or keyword (`kw`). */
export function startMode(root: HTMLElement, config: WidgetConfig, context: ModeContext): ModeInstance {
  if (config.type === 'kw') return mountKeyword(root, config, context);
  if (config.type === 'pm') return mountParametric(root, config, context);
  // The shape check lets any other type through as parametric-looking; name it in the error.
  const type: string = (config as { type: string }).type;
  throw new SearchUnavailableError(`This widget cannot show '${type}' search engines`);
}

export { mountRedirectBox } from './keyword/redirect-box.ts';
export type { KeywordOptions, ModeContext, ModeInstance } from './mode.ts';
