/**
 * Two facts about JSON values that every room needs: what counts as an object (not null, not an
 * array), and the order of strings by UTF-16 code units, the key order of canonical JSON (RFC 8785),
 * which sorts the same on every machine (localeCompare does not).
 */

export function isPlainObject(value: unknown): value is Record<string, unknown> {
  return typeof value === "object" && value !== null && !Array.isArray(value);
}

/** Code-unit order, for `sort`: deterministic, locale-free. */
export function compareCodeUnits(a: string, b: string): number {
  return a < b ? -1 : a > b ? 1 : 0;
}
