/**
 * How deep a JSON value nests, found without recursion, so the checks can refuse to hand a
 * pathological schema to code that recurses (Ajv overflows the call stack near 1,000 levels).
 */

/** The deepest validators and walkers are trusted with; deeper schemas are reported, not recursed into. */
export const MAX_SCHEMA_DEPTH = 512;

/** Nesting depth of `value` (a scalar is 0, `{}` is 1), counting no further than `limit + 1`. */
export function nestingDepth(value: unknown, limit = MAX_SCHEMA_DEPTH): number {
  let deepest = 0;
  const pending: [unknown, number][] = [[value, 1]];
  while (pending.length > 0) {
    const [node, depth] = pending.pop()!;
    if (typeof node !== "object" || node === null) continue;
    if (depth > deepest) deepest = depth;
    if (deepest > limit) return deepest;
    const children = Array.isArray(node) ? node : Object.values(node);
    for (const child of children) if (typeof child === "object" && child !== null) pending.push([child, depth + 1]);
  }
  return deepest;
}
