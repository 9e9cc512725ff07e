import { type ProductCode, toProductCode } from '@siteseer/core';
import { UsageError } from '../../errors.ts';
import { commaList } from '../parse.ts';

/** `--products pm,kw` (or parametric,keyword) as product codes. */
export function parseProducts(value: string | undefined): ProductCode[] | undefined {
  const items = commaList(value);
  if (items === undefined) return undefined;
  const codes = items.map((item) => {
    const code = toProductCode(item);
    if (!code) throw new UsageError(`Unknown product '${item}': use parametric (pm) or keyword (kw).`);
    return code;
  });
  return [...new Set(codes)];
}
