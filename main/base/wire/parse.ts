import type { z } from 'zod';

export type Parsed<T> = { ok: true; value: T } | { ok: false; error: string };

/** Names the first offending field, e.g. `items[0].price: must be a decimal string such as "62.50"`. */
export function describeIssues(error: z.ZodError): string {
  return error.issues
    .slice(0, 3)
    .map((issue) => {
      const path = issue.path.reduce<string>((acc, key) => (typeof key === 'number' ? `${acc}[${key}]` : acc ? `${acc}.${String(key)}` : String(key)), '');
      return path ? `${path}: ${issue.message}` : issue.message;
    })
    .join('; ');
}

export function parseWith<S extends z.ZodType>(schema: S, input: unknown): Parsed<z.output<S>> {
  const result = schema.safeParse(input);
  return result.success ? { ok: true, value: result.data } : { ok: false, error: describeIssues(result.error) };
}

/** JSON.parse that returns a value instead of throwing. */
export function parseJson(text: string): Parsed<unknown> {
  try {
    return { ok: true, value: JSON.parse(text) as unknown };
  } catch (e) {
    return { ok: false, error: `not valid JSON: ${(e as Error).message}` };
  }
}
