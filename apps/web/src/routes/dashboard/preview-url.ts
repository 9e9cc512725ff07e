import type { ProductCode } from '@siteseer/core';
import { toQueryString } from '@siteseer/core';

/**
 * The spec's preview URLs, under the API base: keyword `client/{clientId}/kw/preview?engineName=`,
 * parametric `parametric/preview?clientId=&engineName=`.
 */
export function previewUrl(apiBase: string, type: ProductCode, clientId: string, engineName: string): string {
  const base = apiBase.replace(/\/+$/, '');
  return type === 'kw'
    ? `${base}/client/${encodeURIComponent(clientId)}/kw/preview${toQueryString({ engineName })}`
    : `${base}/parametric/preview${toQueryString({ clientId, engineName })}`;
}
