/** mcp-fleet.json: every problem a value with its line and column; what is good is read; writing is stable. */
import { expect, test } from "vitest";
import { parseProfilesText, removeProfile, serializeProfiles, setProfile, unknownServers } from "./profiles-file";

const FILE = `{
  "version": 1,
  "profiles": {
    "review": { "servers": ["github", "linear"] },
    "docs": { "description": "writing", "servers": ["notion", "web"] }
  }
}
`;

test("a good file: profiles by name, servers as listed", () => {
  const parsed = parseProfilesText(FILE);
  expect(parsed.problems).toEqual([]);
  expect(parsed.profiles).toEqual([
    { name: "docs", servers: ["notion", "web"], description: "writing" },
    { name: "review", servers: ["github", "linear"] },
  ]);
});

test.each([
  ["{", "profiles:syntax", 1, 2, "not valid JSON"],
  ['{"version": 1,}', "profiles:syntax", 1, 15, "not valid JSON"],
  ["[]", "profiles:shape", 1, 1, "holds no object"],
  ['{"profiles": {}}', "profiles:version", 1, 1, '"version" is missing'],
  ['{\n  "version": "1"\n}', "profiles:version", 2, 3, "not a format version"],
  ['{\n  "version": 2\n}', "profiles:version", 2, 3, "newer than this MCP Fleet reads (1)"],
  ['{"version": 1, "profiles": []}', "profiles:shape", 1, 16, '"profiles" is not an object'],
])("%j: %s at %i:%i", (text, code, line, column, words) => {
  const parsed = parseProfilesText(text);
  expect(parsed.profiles).toEqual([]);
  expect(parsed.problems).toHaveLength(1);
  expect(parsed.problems[0]).toMatchObject({ severity: "error", code, line, column });
  expect(parsed.problems[0].message).toContain(words);
});

test.each([
  ['"bad name!": {"servers": []}', "profiles:name", "error", 4],
  ['"r": {"servers": "github"}', "profiles:shape", "error", 4],
  ['"r": {"servers": ["github", ""]}', "profiles:shape", "error", 4],
  ['"r": {"servers": ["github"], "description": 3}', "profiles:shape", "error", 4],
  ['"r": {"servers": ["github"], "tools": []}', "profiles:unknown-key", "warning", 4],
  ['"r": {"servers": ["github", "github"]}', "profiles:duplicate-server", "warning", 4],
])("a profile %s: %s (%s), the other profile still read", (entry, code, severity, line) => {
  const parsed = parseProfilesText(`{\n  "version": 1,\n  "profiles": {\n    ${entry},\n    "ok": {"servers": ["web"]}\n  }\n}`);
  expect(parsed.problems).toEqual([expect.objectContaining({ code, severity, line })]);
  expect(parsed.profiles.map((p) => p.name)).toContain("ok");
  expect(parsed.profiles.some((p) => p.name !== "ok")).toBe(severity === "warning");
});

test("unknown server ids are flagged at their place, with a near miss named", () => {
  const parsed = parseProfilesText(FILE);
  expect(unknownServers(parsed, ["github", "linaer", "notion"])).toEqual([
    { severity: "warning", code: "profiles:unknown-server", message: 'profile "docs" names web, which no config of this fleet defines', profile: "docs", serverId: "web", line: 5, column: 63 },
    { severity: "warning", code: "profiles:unknown-server", message: 'profile "review" names linear, which no config of this fleet defines; did you mean linaer?', profile: "review", serverId: "linear", line: 4, column: 39 },
  ]);
});

test("set, remove and write: stable text, round trip", () => {
  const { profiles } = parseProfilesText(FILE);
  const next = removeProfile(setProfile(setProfile(profiles, "ops", ["web", "github", "web"]), "docs", ["notion"]), "review");
  const text = serializeProfiles(next);
  expect(text).toBe(`{
  "version": 1,
  "profiles": {
    "docs": {
      "description": "writing",
      "servers": [
        "notion"
      ]
    },
    "ops": {
      "servers": [
        "web",
        "github"
      ]
    }
  }
}
`);
  expect(parseProfilesText(text).profiles).toEqual(next);
});
