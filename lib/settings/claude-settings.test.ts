import { mkdtempSync, readFileSync, existsSync, writeFileSync, mkdirSync, readdirSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { beforeEach, expect, test } from "vitest";
import { FleetError } from "@/lib/errors";
import { previewSettings, readProjectSettings, settingsPath, writeSettings } from "./claude-settings";

const OURS = {
  permissions: { allow: ["mcp__orders__lookup_order"], ask: [], deny: ["mcp__orders__refund_order"] },
  managed: ["mcp__orders__lookup_order", "mcp__orders__refund_order"],
};

let project: string;
beforeEach(() => {
  project = mkdtempSync(path.join(tmpdir(), "perm-settings-"));
});

function put(target: "settings" | "settings.local", text: string) {
  mkdirSync(path.join(project, ".claude"), { recursive: true });
  writeFileSync(settingsPath(project, target), text);
}

test("reads the MCP rules of both files, naming file and list; other rules are not shown", async () => {
  put("settings", JSON.stringify({ permissions: { allow: ["Bash(ls)", "mcp__orders"], deny: ["*"] } }));
  put("settings.local", '{ "permissions": { "ask": ["mcp__files__write_file"] } }');
  const reports = await readProjectSettings(project);
  expect(reports.map((r) => [r.label, r.exists, r.rules])).toEqual([
    [".claude/settings.local.json", true, [{ file: ".claude/settings.local.json", list: "ask", rule: "mcp__files__write_file" }]],
    [
      ".claude/settings.json",
      true,
      [
        { file: ".claude/settings.json", list: "deny", rule: "*" },
        { file: ".claude/settings.json", list: "allow", rule: "mcp__orders" },
      ],
    ],
  ]);
});

test("a broken file is named with line and column; the other file is still read", async () => {
  put("settings", '{\n  "permissions": {\n    "allow": ["mcp__a",]\n  }\n}\n');
  put("settings.local", '{ "permissions": { "deny": ["mcp__b"] } }');
  const [local, shared] = await readProjectSettings(project);
  expect(shared.error).toMatchObject({ file: ".claude/settings.json", line: 3, column: 24 });
  expect(local.rules).toHaveLength(1);
});

test("no .claude folder: preview against 'absent', write creates the folder and the file, no backup", async () => {
  const preview = await previewSettings(project, "settings.local", OURS);
  expect(preview.token).toBe("absent");
  expect(preview.diff).toContain('+    "allow": [');
  const result = await writeSettings(project, "settings.local", preview.token, OURS);
  expect(result).toMatchObject({ written: true, backup: null });
  expect(JSON.parse(readFileSync(settingsPath(project, "settings.local"), "utf8")).permissions.deny).toEqual(["mcp__orders__refund_order"]);
});

test("write keeps other keys, leaves a backup of the old bytes and no temp file", async () => {
  const before = '{"model":"opus","permissions":{"allow":["Read"]}}';
  put("settings", before);
  const preview = await previewSettings(project, "settings", OURS);
  const result = await writeSettings(project, "settings", preview.token, OURS);
  expect(result.backup).toBe(`${settingsPath(project, "settings")}.bak`);
  expect(readFileSync(result.backup!, "utf8")).toBe(before);
  const after = JSON.parse(readFileSync(settingsPath(project, "settings"), "utf8"));
  expect(after).toEqual({ model: "opus", permissions: { allow: ["Read", "mcp__orders__lookup_order"], deny: ["mcp__orders__refund_order"] } });
  expect(readdirSync(path.join(project, ".claude")).sort()).toEqual(["settings.json", "settings.json.bak"]);
});

test("a file changed between preview and write: conflict, nothing written, backup untouched", async () => {
  put("settings", '{"permissions":{"allow":["Read"]}}');
  writeFileSync(`${settingsPath(project, "settings")}.bak`, "old backup");
  const preview = await previewSettings(project, "settings", OURS);
  const edited = '{"permissions":{"allow":["Read","Write"]}}';
  put("settings", edited);
  const attempt = writeSettings(project, "settings", preview.token, OURS);
  await expect(attempt).rejects.toBeInstanceOf(FleetError);
  await expect(attempt).rejects.toMatchObject({ code: "conflict:permissions", message: expect.stringContaining("changed since the preview") });
  expect(readFileSync(settingsPath(project, "settings"), "utf8")).toBe(edited);
  expect(readFileSync(`${settingsPath(project, "settings")}.bak`, "utf8")).toBe("old backup");
});

test("a file created between preview and write is a conflict too", async () => {
  const preview = await previewSettings(project, "settings", OURS);
  put("settings", "{}");
  await expect(writeSettings(project, "settings", preview.token, OURS)).rejects.toMatchObject({ code: "conflict:permissions" });
  expect(existsSync(`${settingsPath(project, "settings")}.bak`)).toBe(false);
});

test("a broken file is never overwritten: the preview names line and column", async () => {
  put("settings", '{\n  "a": 1,\n}');
  await expect(previewSettings(project, "settings", OURS)).rejects.toMatchObject({
    code: "bad_request:permissions",
    message: expect.stringContaining(".claude/settings.json:3:1"),
  });
});
