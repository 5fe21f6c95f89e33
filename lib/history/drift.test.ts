import { describe, expect, test } from "vitest";
import { deriveEvents } from "./drift";
import type { ObservedTool, ServerObservation } from "./types";

/** A tool in one line: name, schema hash, description hash, and optional overrides. */
function t(toolName: string, schemaHash: string, descriptionHash = "d", extra: Partial<ObservedTool> = {}): ObservedTool {
  return { toolName, schemaHash, descriptionHash, annotationsHash: null, exposedName: toolName, excluded: false, collidesWith: [], ...extra };
}
const obs = (...tools: ObservedTool[]): ServerObservation => ({ serverId: "srv", tools });
const brief = (before: ServerObservation, after: ServerObservation) =>
  deriveEvents(before, after).map((e) => `${e.kind} ${e.toolName}`);

describe("deriveEvents", () => {
  test.each([
    ["nothing changed", obs(t("a", "s1")), obs(t("a", "s1")), []],
    ["tool added", obs(t("a", "s1")), obs(t("a", "s1"), t("b", "s2")), ["added b"]],
    ["tool removed", obs(t("a", "s1"), t("b", "s2")), obs(t("a", "s1")), ["removed b"]],
    ["schema changed", obs(t("a", "s1")), obs(t("a", "s2")), ["schema-changed a"]],
    ["description changed", obs(t("a", "s1", "d1")), obs(t("a", "s1", "d2")), ["description-changed a"]],
    ["schema and description changed", obs(t("a", "s1", "d1")), obs(t("a", "s2", "d2")), ["schema-changed a", "description-changed a"]],
    [
      "annotations changed apart from the schema",
      obs(t("a", "s1", "d", { annotationsHash: "h1" })),
      obs(t("a", "s1", "d", { annotationsHash: "h2" })),
      ["annotations-changed a"],
    ],
    ["annotations appear", obs(t("a", "s1")), obs(t("a", "s1", "d", { annotationsHash: "h1" })), ["annotations-changed a"]],
    ["renamed: same schema under a new name", obs(t("old", "s1")), obs(t("new", "s1")), ["renamed new"]],
    ["renamed with a new description", obs(t("old", "s1", "d1")), obs(t("new", "s1", "d2")), ["renamed new", "description-changed new"]],
    ["not a rename when the schema differs", obs(t("old", "s1")), obs(t("new", "s2")), ["added new", "removed old"]],
    [
      "renames pair one to one in name order",
      obs(t("x1", "s1"), t("x2", "s1")),
      obs(t("y1", "s1"), t("y2", "s1"), t("y3", "s1")),
      ["renamed y1", "renamed y2", "added y3"],
    ],
    ["not a rename when the old name stays", obs(t("a", "s1")), obs(t("a", "s1"), t("b", "s1")), ["added b"]],
    ["newly excluded", obs(t("a", "s1")), obs(t("a", "s1", "d", { excluded: true, exposedName: null })), ["excluded a"]],
    ["back from excluded", obs(t("a", "s1", "d", { excluded: true, exposedName: null })), obs(t("a", "s1")), ["included a"]],
    ["added already excluded", obs(), obs(t("a", "s1", "d", { excluded: true, exposedName: null })), ["added a", "excluded a"]],
    [
      "collision appeared",
      obs(t("a", "s1")),
      obs(t("a", "s1", "d", { exposedName: "srv__a", collidesWith: ["other"] })),
      ["collision-appeared a"],
    ],
    [
      "collision gone",
      obs(t("a", "s1", "d", { exposedName: "srv__a", collidesWith: ["other"] })),
      obs(t("a", "s1")),
      ["collision-gone a"],
    ],
    [
      "more peers in an existing collision is no event",
      obs(t("a", "s1", "d", { exposedName: "srv__a", collidesWith: ["b"] })),
      obs(t("a", "s1", "d", { exposedName: "srv__a", collidesWith: ["b", "c"] })),
      [],
    ],
    ["added and colliding at once", obs(), obs(t("a", "s1", "d", { collidesWith: ["other"] })), ["added a", "collision-appeared a"]],
    ["removed while colliding", obs(t("a", "s1", "d", { collidesWith: ["other"] })), obs(), ["removed a", "collision-gone a"]],
    ["an exposed-name change alone is no drift event", obs(t("a", "s1")), obs(t("a", "s1", "d", { exposedName: "a_" })), []],
  ])("%s", (_name, before, after, expected) => {
    expect(brief(before, after)).toEqual(expected);
  });

  test("details carry before and after hashes and names", () => {
    const [rename] = deriveEvents(obs(t("old", "s1", "d1")), obs(t("new", "s1", "d1")));
    expect(rename).toMatchInlineSnapshot(`
      {
        "details": {
          "after": {
            "annotationsHash": null,
            "descriptionHash": "d1",
            "exposedName": "new",
            "schemaHash": "s1",
          },
          "before": {
            "annotationsHash": null,
            "descriptionHash": "d1",
            "exposedName": "old",
            "schemaHash": "s1",
          },
          "previousName": "old",
        },
        "kind": "renamed",
        "serverId": "srv",
        "toolName": "new",
      }
    `);
  });

  test("the order of tools in the input does not change the output", () => {
    const before = obs(t("a", "s1"), t("b", "s2"), t("c", "s3"));
    const after = obs(t("d", "s3"), t("a", "s9"), t("e", "s4"));
    const reversed = { ...after, tools: [...after.tools].reverse() };
    expect(deriveEvents({ ...before, tools: [...before.tools].reverse() }, reversed)).toEqual(deriveEvents(before, after));
  });
});
