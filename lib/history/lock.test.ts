import { mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterEach, beforeEach, describe, expect, test } from "vitest";
import { buildLock, compareLock, formatDifference, parseLock, serializeLock } from "./lock";
import { readLockFile, writeLockFile } from "./lock-file";
import { fixtureSnapshot, type ToolSpec } from "./snapshot-fixture.test-util";

const base: Record<string, ToolSpec[]> = {
  github: [{ name: "create_issue" }, { name: "search" }],
  docs: [{ name: "read" }],
};
const lockOf = (servers: Parameters<typeof fixtureSnapshot>[0]) => buildLock(fixtureSnapshot(servers)).lock;
const lines = (servers: Parameters<typeof fixtureSnapshot>[0]) => compareLock(lockOf(base), fixtureSnapshot(servers)).map(formatDifference);

describe("compareLock", () => {
  test.each<[string, Parameters<typeof fixtureSnapshot>[0], string[]]>([
    ["no change", base, []],
    [
      "changed schema",
      { ...base, github: [{ name: "create_issue", schema: { type: "object", properties: { x: {} } } }, { name: "search" }] },
      [expect.stringMatching(/^github\/create_issue: schema changed \([0-9a-f]{16} -> [0-9a-f]{16}\)$/) as unknown as string],
    ],
    [
      "changed description",
      { ...base, docs: [{ name: "read", description: "Reads better." }] },
      [expect.stringMatching(/^docs\/read: description changed \(/) as unknown as string],
    ],
    ["added", { ...base, docs: [{ name: "read" }, { name: "write" }] }, ["docs/write: tool added (exposed as write)"]],
    ["removed", { ...base, docs: [] }, ["docs/read: tool removed"]],
    ["server removed from the config", { github: base.github }, ["docs/read: tool removed (server no longer configured)"]],
    ["server down", { ...base, docs: "error" }, ["docs: server unavailable (error: exited with code 1)"]],
    [
      "new collision (and the newcomer is added)",
      { ...base, docs: [{ name: "read" }, { name: "search" }] },
      [
        "docs/search: tool added (exposed as docs__search)",
        "docs/search: collision appeared (with github)",
        "github/search: collision appeared (with docs; exposed as github__search)",
      ],
    ],
    ["newly excluded", { ...base, docs: [{ name: "read", excluded: "bad property name" }] }, ["docs/read: newly excluded (bad property name)"]],
    [
      "renamed: the same schema under a new name, as the history reads it",
      { ...base, docs: [{ name: "read_file", description: "read does things" }] },
      ["docs/read_file: probably renamed (from read; exposed as read_file)"],
    ],
    [
      "renamed with a new description",
      { ...base, docs: [{ name: "read_file", description: "Reads a file." }] },
      ["docs/read_file: probably renamed (from read; exposed as read_file)", expect.stringMatching(/^docs\/read_file: description changed \(/) as unknown as string],
    ],
    [
      "a new server's tools are added",
      { ...base, web: [{ name: "fetch" }] },
      ["web/fetch: tool added (exposed as fetch)"],
    ],
  ])("%s", (_name, live, expected) => {
    expect(lines(live)).toEqual(expected);
  });

  test("an exposed name that changes back from a collision", () => {
    const colliding = { ...base, docs: [{ name: "read" }, { name: "search" }] };
    expect(compareLock(lockOf(colliding), fixtureSnapshot(base)).map(formatDifference)).toEqual([
      "docs/search: tool removed",
      "github/search: exposed name changed (github__search -> search)",
    ]);
  });
});

describe("serializeLock", () => {
  test("sorted keys, 2-space indent, trailing newline, independent of server order", () => {
    const text = serializeLock(lockOf(base));
    expect(text.endsWith("}\n")).toBe(true);
    const reordered = serializeLock(lockOf({ docs: base.docs, github: [...base.github].reverse() }));
    expect(reordered).toBe(text);
    expect(text.replace(/"[0-9a-f]{64}"/g, '"<hash>"')).toMatchInlineSnapshot(`
      "{
        "hashVersion": 1,
        "lockVersion": 1,
        "servers": {
          "docs": {
            "tools": {
              "read": {
                "descriptionHash": "<hash>",
                "exposedName": "read",
                "schemaHash": "<hash>"
              }
            }
          },
          "github": {
            "tools": {
              "create_issue": {
                "descriptionHash": "<hash>",
                "exposedName": "create_issue",
                "schemaHash": "<hash>"
              },
              "search": {
                "descriptionHash": "<hash>",
                "exposedName": "search",
                "schemaHash": "<hash>"
              }
            }
          }
        }
      }
      "
    `);
  });

  test("servers that are not ready are left out and reported", () => {
    const { lock, skipped } = buildLock(fixtureSnapshot({ ...base, down: "error" }));
    expect(Object.keys(lock.servers)).toEqual(["github", "docs"]);
    expect(skipped).toEqual([{ serverId: "down", status: "error", error: "exited with code 1" }]);
  });
});

describe("parseLock", () => {
  const good = serializeLock(lockOf(base));
  test.each([
    ["not JSON", "{", /^F:1:2: not valid JSON \(expected '}' to close an object/],
    ["wrong shape", '{"lockVersion":1,"hashVersion":1,"servers":{"a":{"tools":{"t":{"schemaHash":"x"}}}}}', /^F: not an MCP Fleet lock file at \/servers\/a\/tools\/t\/schemaHash/],
    ["newer lock format", good.replace('"lockVersion": 1', '"lockVersion": 7'), /lock format 7 is newer/],
    ["another hash formula", good.replace('"hashVersion": 1', '"hashVersion": 2'), /hash formula 2, this MCP Fleet uses 1/],
  ])("%s", (_name, text, message) => {
    const result = parseLock(text, "F");
    expect(result.ok).toBe(false);
    expect(result.ok ? "" : result.message).toMatch(message);
  });

  test("round trip", () => {
    expect(parseLock(good, "F")).toEqual({ ok: true, lock: lockOf(base) });
  });
});

describe("lock file on disk", () => {
  let dir: string;
  beforeEach(() => {
    dir = mkdtempSync(path.join(tmpdir(), "fleet-lock-"));
  });
  afterEach(() => rmSync(dir, { recursive: true, force: true }));

  test("written atomically, no temp file left, read back", () => {
    const file = path.join(dir, "mcp-fleet.lock.json");
    writeFileSync(file, "old contents");
    writeLockFile(file, lockOf(base));
    expect(readdirSync(dir)).toEqual(["mcp-fleet.lock.json"]);
    expect(readFileSync(file, "utf8")).toBe(serializeLock(lockOf(base)));
    expect(readLockFile(file)).toEqual(lockOf(base));
  });

  test("a missing file reads as null; a broken one names the file", () => {
    expect(readLockFile(path.join(dir, "none.json"))).toBeNull();
    const bad = path.join(dir, "bad.json");
    writeFileSync(bad, "[]");
    expect(() => readLockFile(bad)).toThrow(`${bad}: not an MCP Fleet lock file`);
  });
});
