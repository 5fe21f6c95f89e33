/** Suggestions remove every collision and are as large as they can be; a profile's own fleet has its own collisions and hash. */
import { describe, expect, test } from "vitest";
import { reconcile } from "@/lib/reconcile/reconcile";
import type { ServerToolList } from "@/lib/reconcile/types";
import { summarizeProfile } from "./profile-fleet";
import { suggestProfiles, withSavings } from "./suggest";

const t = (name: string) => ({ name, description: name, inputSchema: { type: "object" } });
const server = (id: string, ...names: string[]): ServerToolList => ({ id, status: "ready", tools: names.map(t) });

describe.each([
  ["no collisions", [server("a", "x"), server("b", "y")], []],
  ["two servers share a name", [server("github", "create_issue", "search_code"), server("linear", "create_issue"), server("web", "fetch")], [["github", "web"], ["linear", "web"]]],
  [
    "a chain a-b-c",
    [server("a", "p", "q"), server("b", "p", "r"), server("c", "r", "s", "u")],
    [["a", "c"], ["b"]],
  ],
  [
    "three servers share one name",
    [server("a", "n", "a1"), server("b", "n"), server("c", "n", "c1", "c2"), server("d", "d1")],
    [["c", "d"], ["a", "d"], ["b", "d"]],
  ],
] as const)("%s", (_label, servers, want) => {
  const snapshot = reconcile([...servers]);
  const suggestions = suggestProfiles(snapshot);

  test("the suggested sets, most tools first", () => {
    expect(suggestions.map((s) => s.servers)).toEqual(want);
  });

  test("each removes every collision and cannot take one more server", () => {
    for (const s of suggestions) {
      expect(reconcile(servers.filter((x) => s.servers.includes(x.id))).collisions).toEqual([]);
      for (const extra of s.leftOut) expect(reconcile(servers.filter((x) => [...s.servers, extra].includes(x.id))).collisions.length).toBeGreaterThan(0);
      expect(s.keeps.map((k) => k.name)).toEqual([...new Set(snapshot.collisions.map((c) => c.name))].sort());
    }
  });
});

test("keeps, names and savings", () => {
  const servers = [server("github", "create_issue", "search_code"), server("linear", "create_issue"), server("web", "fetch")];
  const [first] = withSavings(suggestProfiles(reconcile(servers)), (ids) => (ids === null ? 100 : ids.length * 30));
  expect(first).toEqual({
    name: "github-web",
    servers: ["github", "web"],
    leftOut: ["linear"],
    keeps: [{ name: "create_issue", serverId: "github" }],
    tools: 3,
    saves: { tokens: 40, of: 100 },
  });
});

test("a limit, and a name for a set too long to join", () => {
  const many = Array.from({ length: 6 }, (_, i) => server(`very-long-server-name-${i}`, "shared", `own${i}`));
  const suggestions = suggestProfiles(reconcile(many), 3);
  expect(suggestions).toHaveLength(3);
  expect(suggestions.map((s) => s.name)).toEqual(["very-long-server-name-0", "very-long-server-name-1", "very-long-server-name-2"]);
  const wide = [server("a".repeat(30), "n"), server("b".repeat(30), "m"), server("c", "n")];
  expect(suggestProfiles(reconcile(wide))[0].name).toBe("no-collisions-1");
});

test("a profile's own fleet: a name that collides in the fleet does not in the profile", () => {
  const servers = [server("github", "create_issue", "search"), server("linear", "create_issue"), server("wiki", "search")];
  const review = summarizeProfile({ name: "review", servers: ["github", "linear", "gone"] }, servers);
  expect(review).toMatchObject({ name: "review", servers: ["github", "linear", "gone"], unknown: ["gone"], tools: 3, collisions: ["create_issue"], resolved: ["search"] });
  expect(review.snapshot.forward.search).toEqual({ serverId: "github", originalName: "search" });
  expect(review.fleetHash).toBe(reconcile(servers.slice(0, 2)).fleetHash);
  expect(review.fleetHash).not.toBe(reconcile(servers).fleetHash);
});
