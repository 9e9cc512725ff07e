import { z } from 'zod';
import { Feature, FeatureCreate } from '../../domain/feature.ts';
import { defineCall } from '../contract.ts';
import { Deleted, IdParams } from './wire-schemas.ts';

/** Feature toggles (read by everyone signed in; changed by super admins). */
export const featureContracts = {
  list: defineCall({
    name: 'features.list',
    method: 'GET',
    path: 'features',
    response: z.array(Feature),
  }),
  create: defineCall({
    name: 'features.create',
    method: 'POST',
    path: 'features',
    body: FeatureCreate,
    response: Feature,
  }),
  /** The whole feature, `_id` included; `:id` is its `_id`. */
  update: defineCall({
    name: 'features.update',
    method: 'PUT',
    path: 'features/:id',
    params: IdParams,
    body: Feature,
    response: Feature,
  }),
  delete: defineCall({
    name: 'features.delete',
    method: 'DELETE',
    path: 'features/:id',
    params: IdParams,
    response: Deleted,
  }),
} as const;
