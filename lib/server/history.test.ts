import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { describe, expect, test } from "vitest";
import { parseEventQuery, ReviewBody, toolDiff } from "./history";
import { fixtureSnapshot } from "@/lib/history/snapshot-fixture.test-util";
import { HistoryStore } from "@/lib/history/store";

const url = (query: string) => new URL(`http://127.0.0.1/api/history${query}`);

describe("parseEventQuery", () => {
  test.each([
    ["", {}],
    ["?kind=added,removed&kind=renamed", { kinds: ["added", "removed", "renamed"] }],
    ["?server=github&since=2026-11-23", { serverId: "github", since: "2026-11-23T00:00:00.000Z" }],
    ["?limit=10", { limit: 10 }],
  ])("%s", (query, expected) => {
    expect(parseEventQuery(url(query))).toEqual(expected);
  });

  test.each([
    ["?kind=exploded", /kinds/],
    ["?since=yesterday", /ISO date/],
    ["?limit=0", /limit/],
  ])("%s is refused", (query, message) => {
    expect(() => parseEventQuery(url(query))).toThrow(message);
  });
});

test.each([
  [{ eventIds: [1, 2] }, true],
  [{ all: true }, true],
  [{ all: false }, false],
  [{ eventIds: [] }, false],
  [{ eventIds: [1], all: true }, false],
])("review body %j valid: %s", (body, valid) => {
  expect(ReviewBody.safeParse(body).success).toBe(valid);
});

test("toolDiff defaults to the last two versions and names an unknown tool", () => {
  const dir = mkdtempSync(path.join(tmpdir(), "fleet-api-"));
  const store = HistoryStore.open(dir);
  try {
    for (const description of ["one", "two", "three"]) store.record(fixtureSnapshot({ a: [{ name: "t", description }] }));
    const diff = toolDiff(store, "a", "t", url(""));
    expect([diff.description.before, diff.description.after]).toEqual(["two", "three"]);
    const first = store.toolVersions("a", "t")[0].id;
    expect(toolDiff(store, "a", "t", url(`?from=${first}`)).description.before).toBe("one");
    expect(() => toolDiff(store, "a", "nope", url(""))).toThrow('no history for tool "nope" on server "a"');
  } finally {
    store.close();
    rmSync(dir, { recursive: true, force: true });
  }
});
