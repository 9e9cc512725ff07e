import { z } from 'zod';
import { Id, Role } from './common.ts';

/** A feature toggle: allowed for the roles it lists. */
export const Feature = z.object({
  _id: Id,
  name: z.string().min(1),
  description: z.string().default(''),
  show_details: z.boolean().default(false),
  allowedRoles: z.array(Role).default([]),
});
export type Feature = z.infer<typeof Feature>;

/** Body of `POST features`. */
export const FeatureCreate = Feature.omit({ _id: true });
export type FeatureCreate = z.infer<typeof FeatureCreate>;
