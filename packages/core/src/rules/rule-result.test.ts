import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { fail, fieldErrorsOf, ok } from './rule-result.ts';

describe('rule results', () => {
  it('Given a value, when wrapped as ok, then it carries the value', () => {
    expect(ok([1])).toEqual({ ok: true, value: [1] });
  });

  it('Given a message, when wrapped as fail, then it carries the message', () => {
    expect(fail('nope')).toEqual({ ok: false, error: 'nope' });
  });

  it('Given several issues on one field, when collected, then only the first message per field is kept', () => {
    const schema = z.object({
      a: z.string().min(2, 'a too short').regex(/x/, 'a needs x'),
      b: z.number({ error: 'b must be a number' }),
    });
    const result = schema.safeParse({ a: 'y', b: 'no' });
    expect(result.success).toBe(false);
    if (!result.success) {
      expect(fieldErrorsOf(result.error)).toEqual({ a: 'a too short', b: 'b must be a number' });
    }
  });

  it('Given a root-level issue, when collected, then it is keyed by the empty string', () => {
    const result = z.string({ error: 'root' }).safeParse(1);
    expect(result.success ? {} : fieldErrorsOf(result.error)).toEqual({ '': 'root' });
  });
});
