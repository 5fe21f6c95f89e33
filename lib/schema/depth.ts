/**
 * How deep a JSON value nests, found without deep recursion (it stops one level past the limit), so the
 * checks can refuse to hand a pathological schema to code that recurses (Ajv overflows the call stack
 * near 1,000 levels).
 */

/** The deepest validators and walkers are trusted with; deeper schemas are reported, not recursed into. */
export const MAX_SCHEMA_DEPTH = 512;

/** Nesting depth of `value` (a scalar is 0, `{}` is 1), counting no further than `limit + 1`. */
export function nestingDepth(value: unknown, limit = MAX_SCHEMA_DEPTH): number {
  return typeof value === "object" && value !== null ? deepest(value, 1, limit) : 0;
}

// Recursion is bounded by `limit + 1` frames; nothing is allocated on the way down.
function deepest(node: object, depth: number, limit: number): number {
  if (depth > limit) return depth;
  let max = depth;
  if (Array.isArray(node)) {
    for (let i = 0; i < node.length; i++) {
      const child: unknown = node[i];
      if (typeof child !== "object" || child === null) continue;
      const found = deepest(child, depth + 1, limit);
      if (found > max && (max = found) > limit) return max;
    }
    return max;
  }
  for (const key in node) {
    const child: unknown = (node as Record<string, unknown>)[key];
    if (typeof child !== "object" || child === null) continue;
    const found = deepest(child, depth + 1, limit);
    if (found > max && (max = found) > limit) return max;
  }
  return max;
}
