/** Small figures every benchmark reports the same way. */

/** The middle value (the lower of the two middles for an even count). */
export function median(values: readonly number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor((sorted.length - 1) / 2)];
}
