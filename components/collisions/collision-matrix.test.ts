import { describe, expect, test } from "vitest";
import type { CollisionGroup } from "@/lib/reconcile/types";
import { collisionMatrix } from "./collision-matrix";

function group(name: string, ...servers: string[]): CollisionGroup {
  return { name, kind: "divergent", members: servers.map((serverId) => ({ serverId, exposedName: `${serverId}__${name}`, schemaHash: "0".repeat(64) })) };
}

describe("collisionMatrix", () => {
  test("no collisions: an all-zero matrix over the given servers", () => {
    expect(collisionMatrix([], ["b", "a"])).toEqual({ servers: ["a", "b"], counts: [[0, 0], [0, 0]], names: [[[], []], [[], []]] });
  });

  test("pairs count shared names; the diagonal counts a server's colliding names", () => {
    const m = collisionMatrix([group("search", "wiki", "docs", "web"), group("create_issue", "tracker", "githost"), group("fetch", "web", "docs")], ["chat"]);
    expect(m.servers).toEqual(["chat", "docs", "githost", "tracker", "web", "wiki"]);
    expect(m.counts).toMatchInlineSnapshot(`
      [
        [
          0,
          0,
          0,
          0,
          0,
          0,
        ],
        [
          0,
          2,
          0,
          0,
          2,
          1,
        ],
        [
          0,
          0,
          1,
          1,
          0,
          0,
        ],
        [
          0,
          0,
          1,
          1,
          0,
          0,
        ],
        [
          0,
          2,
          0,
          0,
          2,
          1,
        ],
        [
          0,
          1,
          0,
          0,
          1,
          1,
        ],
      ]
    `);
    expect(m.names[1][4]).toEqual(["fetch", "search"]);
  });

  test("symmetric and independent of the order groups and members arrive in", () => {
    const a = collisionMatrix([group("x", "s1", "s2"), group("y", "s2", "s3", "s1")]);
    const b = collisionMatrix([group("y", "s3", "s1", "s2"), group("x", "s2", "s1")]);
    expect(a).toEqual(b);
    for (let i = 0; i < a.servers.length; i++) for (let j = 0; j < a.servers.length; j++) expect(a.counts[i][j]).toBe(a.counts[j][i]);
  });

  test("a server registered twice under one group counts once", () => {
    expect(collisionMatrix([group("x", "s1", "s1", "s2")]).counts).toEqual([[1, 1], [1, 1]]);
  });
});
