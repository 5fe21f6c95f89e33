/**
 * Close names for a name that does not exist (docs/permissions.md: a misspelled tool or server is refused with
 * the names it could have meant): prefix matches and small edit distances, best first.
 */
import { compare } from "./rules";

export function editDistance(a: string, b: string): number {
  const row = Array.from({ length: b.length + 1 }, (_, i) => i);
  for (let i = 1; i <= a.length; i++) {
    let diagonal = row[0];
    row[0] = i;
    for (let j = 1; j <= b.length; j++) {
      const above = row[j];
      row[j] = Math.min(row[j] + 1, row[j - 1] + 1, diagonal + (a[i - 1] === b[j - 1] ? 0 : 1));
      diagonal = above;
    }
  }
  return row[b.length];
}

export function closeNames(wanted: string, candidates: readonly string[], limit = 5): string[] {
  const w = wanted.toLowerCase();
  const budget = Math.max(2, Math.floor(w.length / 3));
  return [...new Set(candidates)]
    .map((name) => {
      const n = name.toLowerCase();
      const prefix = n.startsWith(w) || w.startsWith(n) || n.includes(w);
      return { name, score: prefix ? 0 : editDistance(w, n) };
    })
    .filter((c) => c.score <= budget)
    .sort((a, b) => a.score - b.score || compare(a.name, b.name))
    .slice(0, limit)
    .map((c) => c.name);
}
