/**
 * When the fleet manager announces a change: the first change after a quiet spell at once (a single
 * list_changed shows without a fixed wait, as the connection re-lists it at once), later changes of
 * the same burst together after the coalescing window, and never so soon after a build that building
 * takes more than about a third of the time (a big fleet's rebuild is not free).
 */

export interface AnnounceTiming {
  now: number;
  /** When the change before this one came (-Infinity when none did). */
  lastChangeAt: number;
  coalesceMs: number;
  /** When the last build ended, and how long it took. */
  lastBuiltAt: number;
  lastBuildMs: number;
}

/** Milliseconds to wait before announcing a change that comes at `now`. */
export function announceDelay(t: AnnounceTiming): number {
  const quiet = t.now - t.lastChangeAt >= t.coalesceMs;
  // Counted from the last build, so a change long after it is not held back by it.
  const throttle = t.lastBuiltAt + 2 * t.lastBuildMs - t.now;
  return Math.max(quiet ? 0 : t.coalesceMs, throttle);
}
