import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { expect, test } from "vitest";
import { fixtureSnapshot } from "@/lib/history/snapshot-fixture.test-util";
import { HistoryStore } from "@/lib/history/store";
import { toolDiff } from "./history";

test("toolDiff defaults to the last two versions and names an unknown tool", () => {
  const dir = mkdtempSync(path.join(tmpdir(), "fleet-api-"));
  const store = HistoryStore.open(dir);
  try {
    for (const description of ["one", "two", "three"]) store.record(fixtureSnapshot({ a: [{ name: "t", description }] }));
    const diff = toolDiff(store, "a", "t");
    expect([diff.description.before, diff.description.after]).toEqual(["two", "three"]);
    const first = store.toolVersions("a", "t")[0].id;
    expect(toolDiff(store, "a", "t", { from: first }).description.before).toBe("one");
    expect(() => toolDiff(store, "a", "nope")).toThrow('no history for tool "nope" on server "a"');
  } finally {
    store.close();
    rmSync(dir, { recursive: true, force: true });
  }
});
