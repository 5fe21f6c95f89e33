/**
 * Facts about JSON values that every room needs: what counts as an object (not null, not an array),
 * the order of strings by UTF-16 code units, the key order of canonical JSON (RFC 8785), which sorts
 * the same on every machine (localeCompare does not), and when two values are the same data.
 */

export function isPlainObject(value: unknown): value is Record<string, unknown> {
  return typeof value === "object" && value !== null && !Array.isArray(value);
}

/** Code-unit order, for `sort`: deterministic, locale-free. */
export function compareCodeUnits(a: string, b: string): number {
  return a < b ? -1 : a > b ? 1 : 0;
}

/** Deeper than this, two values are taken as different (a caller only misses a shortcut). */
const SAME_JSON_DEPTH = 64;

/**
 * Would JSON.stringify write `a` and `b` the same, key order included? Then either can stand for the
 * other (one made again can be swapped for the one made before, and whatever was built from that is
 * still right). An object both hold is not walked. Answers no when unsure (values JSON has no plain form
 * for, NaN, nesting past SAME_JSON_DEPTH): a caller only misses a shortcut, and nothing deep overflows
 * the stack.
 */
export function sameJson(a: unknown, b: unknown, depth = 0): boolean {
  if (a === b) return true;
  if (typeof a !== "object" || typeof b !== "object" || a === null || b === null || depth >= SAME_JSON_DEPTH) return false;
  if (Array.isArray(a)) {
    if (!Array.isArray(b) || a.length !== b.length) return false;
    for (let i = 0; i < a.length; i++) if (!sameJson(a[i], b[i], depth + 1)) return false;
    return true;
  }
  if (Array.isArray(b) || !isJsonContainer(a) || !isJsonContainer(b)) return false;
  const keysA = Object.keys(a);
  const keysB = Object.keys(b);
  if (keysA.length !== keysB.length) return false;
  for (let i = 0; i < keysA.length; i++) {
    const key = keysA[i];
    if (key !== keysB[i] || !sameJson((a as Record<string, unknown>)[key], (b as Record<string, unknown>)[key], depth + 1)) return false;
  }
  return true;
}

// Plain objects (or null-prototype ones) only: a Date or a class instance may write itself differently (toJSON).
function isJsonContainer(value: object): boolean {
  const proto = Object.getPrototypeOf(value);
  return proto === Object.prototype || proto === null;
}
