import { expect, test } from "vitest";
import { announceDelay, type AnnounceTiming } from "./announce-delay";

// A 25 ms window; the last build (40 ms long) ended at t = 1,000 unless a row says otherwise.
const at = (now: number, lastChangeAt: number, build: Partial<AnnounceTiming> = {}): AnnounceTiming => ({ now, lastChangeAt, coalesceMs: 25, lastBuiltAt: 1_000, lastBuildMs: 40, ...build });

test.each([
  ["the very first change", at(5_000, -Infinity), 0],
  ["a change after a quiet spell", at(5_000, 4_000), 0],
  ["a change exactly the window after the one before", at(5_000, 4_975), 0],
  ["a change within the window of the one before (a burst)", at(5_000, 4_990), 25],
  ["a quiet change soon after a long build: held to a third of the time", at(1_050, 900, { lastBuildMs: 300 }), 550],
  ["a burst's change soon after a long build: the longer of the two", at(1_050, 1_040, { lastBuildMs: 300 }), 550],
  ["a burst's change after a short build: the window", at(1_050, 1_040, { lastBuildMs: 5 }), 25],
  ["nothing built yet", at(10, -Infinity, { lastBuiltAt: 0, lastBuildMs: 0 }), 0],
])("%s", (_name, timing, wait) => {
  expect(announceDelay(timing)).toBe(wait);
});
