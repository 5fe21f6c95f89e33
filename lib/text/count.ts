/**
 * Counts in words: "1 tool", "2 tools", "0 tools". Every count the dashboard, the CLI and the reports
 * print goes through here, so none reads "1 tools" or "tool(s)". Pure: the browser and the core use it.
 */

/** The noun in the number `n` asks for: `noun` for exactly one, else `plural` (default: noun + "s"). */
export function plural(n: number, noun: string, pluralNoun = `${noun}s`): string {
  return n === 1 ? noun : pluralNoun;
}

/** `n` and its noun: `count(1, "tool")` is "1 tool", `count(3, "entry", "entries")` is "3 entries". */
export function count(n: number, noun: string, pluralNoun?: string): string {
  return `${n} ${plural(n, noun, pluralNoun)}`;
}
