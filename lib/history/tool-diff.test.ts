import { expect, test } from "vitest";

import { diffTools, type ToolState } from "./tool-diff";

/** A tool whose peers and annotations are unknown, as the lock file keeps it. */
const locked = (toolName: string, schemaHash: string, exposedName: string | null = toolName): ToolState => ({
  toolName,
  schemaHash,
  descriptionHash: "d",
  exposedName,
  excluded: exposedName === null,
});
const live = (toolName: string, schemaHash: string, extra: Partial<ToolState> = {}): ToolState => ({
  ...locked(toolName, schemaHash),
  annotationsHash: null,
  collidesWith: [],
  ...extra,
});
const brief = (before: ToolState[], after: ToolState[]) => diffTools(before, after).map((c) => `${c.kind} ${c.toolName}`);

test.each([
  ["unknown annotations are not compared", [locked("a", "s1")], [live("a", "s1", { annotationsHash: "h" })], []],
  ["unknown peers: a changed exposed name", [locked("a", "s1")], [live("a", "s1", { exposedName: "a_1" })], ["exposed-name-changed a"]],
  ["unknown peers: a prefixed name with peers is a new collision", [locked("a", "s1")], [live("a", "s1", { exposedName: "x__a", collidesWith: ["y"] })], ["collision-appeared a"]],
  ["unknown peers: a rename alone", [locked("a", "s1")], [live("b", "s1")], ["renamed b"]],
  ["unknown peers: a rename into a collision", [locked("a", "s1")], [live("b", "s1", { exposedName: "x__b", collidesWith: ["y"] })], ["renamed b", "collision-appeared b"]],
  ["unknown peers: excluded, not a name change", [locked("a", "s1")], [live("a", "s1", { exposedName: null, excluded: true })], ["excluded a"]],
  ["unknown peers: back from excluded", [locked("a", "s1", null)], [live("a", "s1")], ["included a"]],
])("%s", (_label, before, after, expected) => {
  expect(brief(before, after)).toEqual(expected);
});
