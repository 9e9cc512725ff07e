import { z } from 'zod';
import { Id } from '../../domain/common.ts';

/** Path parameters of a call on one resource: `:id`. */
export const IdParams = z.object({ id: Id });

/** The answer of a delete call: the id of what was deleted (a delete answers 200, the spec's good status). */
export const Deleted = z.object({ id: Id });
export type Deleted = z.infer<typeof Deleted>;

/** An integer in a query string: typed on the client, coerced from the string on the server. */
export const QueryInt = z.coerce.number<number>().int();

/** A file version number (1 and up), in a query string. */
export const QueryVersion = QueryInt.min(1);

/** A file version number (1 and up), in a JSON body. */
export const Version = z.number().int().min(1);

/** A comma-separated list in a query string (`engineIds=a,b`): an array on the client, split on the server. */
export function commaList<T extends z.ZodType<string, string>>(item: T) {
  return z
    .union([z.string(), z.array(z.string())])
    .transform((value) => (Array.isArray(value) ? value : value.split(',').filter((part) => part !== '')))
    .pipe(z.array(item).min(1));
}

/** The body of a binary download as the client returns it. */
export const BinaryBody = z.instanceof(Blob);
