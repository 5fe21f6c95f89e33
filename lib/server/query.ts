/**
 * Query strings at the boundary: a route's search parameters read into a plain object and checked
 * with the zod schema in its `schema.ts`; `isoTime` is the one way a time is given in a query.
 */
import { z } from "zod";

export const isoTime = z
  .string()
  .refine((s) => !Number.isNaN(Date.parse(s)), "an ISO date or time, e.g. 2026-11-23T09:00:00Z")
  .transform((s) => new Date(Date.parse(s)).toISOString());

/**
 * Each parameter once (an empty one counts as absent); a parameter named in `lists` may repeat and
 * hold commas (`?kind=a,b&kind=c`), and is read as the list of its values.
 */
export function parseQuery<T>(url: URL, schema: z.ZodType<T>, lists: readonly string[] = []): T {
  const input: Record<string, string | string[]> = {};
  for (const key of new Set(url.searchParams.keys())) {
    if (lists.includes(key)) {
      const values = url.searchParams
        .getAll(key)
        .flatMap((value) => value.split(","))
        .filter(Boolean);
      if (values.length > 0) input[key] = values;
    } else {
      const value = url.searchParams.get(key);
      if (value) input[key] = value;
    }
  }
  return schema.parse(input);
}
