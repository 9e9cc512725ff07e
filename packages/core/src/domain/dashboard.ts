import { z } from 'zod';
import { SORT_OPTIONS } from '../constants.ts';
import { ProductType } from './common.ts';

/** The dashboard's filter and sort choices, kept across navigation. `null` means all. */
export const DashboardQueryOptions = z.object({
  selectedAccountId: z.string().nullable().default(null),
  selectedProductType: ProductType.nullable().default(null),
  sortBy: z
    .enum(SORT_OPTIONS.map((o) => o.value) as ['alphabetical', 'creationDate'])
    .default('alphabetical'),
  ascending: z.boolean().default(true),
});
export type DashboardQueryOptions = z.infer<typeof DashboardQueryOptions>;
