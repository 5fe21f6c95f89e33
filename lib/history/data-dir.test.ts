// The data folder keeps the history database out of a project's git: a real repository, the real
// HistoryStore, and `git status` as the judge (the lock file beside the config stays committable).
import { execFileSync } from "node:child_process";
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync, existsSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, expect, test } from "vitest";
import { DATA_DIR_GITIGNORE } from "./data-dir";
import { HistoryStore } from "./store";

const scratch = mkdtempSync(join(tmpdir(), "mcp-fleet-data-dir-"));
afterAll(() => rmSync(scratch, { recursive: true, force: true }));

let projects = 0;
/** A git repository holding a `.mcp.json` and its lock file, as a user's project does. */
function project(): string {
  const dir = join(scratch, `project-${++projects}`);
  mkdirSync(dir, { recursive: true });
  execFileSync("git", ["init", "--quiet", dir]);
  writeFileSync(join(dir, ".mcp.json"), '{ "mcpServers": {} }\n');
  writeFileSync(join(dir, "mcp-fleet.lock.json"), "{}\n");
  return dir;
}

/** What `git add -A` would take, file by file. */
function committable(dir: string): string[] {
  return execFileSync("git", ["-C", dir, "status", "--porcelain", "--untracked-files=all"], { encoding: "utf8" })
    .split("\n")
    .filter(Boolean)
    .map((line) => line.slice(3))
    .sort();
}

function openAndClose(dataDir: string): void {
  HistoryStore.open(dataDir).close();
}

test("the .mcp-fleet folder MCP Fleet makes holds a .gitignore of *: git sees the config and the lock file, never the database", () => {
  const dir = project();
  openAndClose(join(dir, ".mcp-fleet"));
  expect(existsSync(join(dir, ".mcp-fleet", "history.db"))).toBe(true);
  expect(readFileSync(join(dir, ".mcp-fleet", ".gitignore"), "utf8")).toBe(DATA_DIR_GITIGNORE);
  expect(committable(dir)).toEqual([".mcp.json", "mcp-fleet.lock.json"]);
});

test("a .mcp-fleet folder an older version made, database and all, gets its .gitignore on the next open", () => {
  const dir = project();
  openAndClose(join(dir, ".mcp-fleet"));
  rmSync(join(dir, ".mcp-fleet", ".gitignore"));
  expect(committable(dir)).toContain(".mcp-fleet/history.db");
  openAndClose(join(dir, ".mcp-fleet"));
  expect(committable(dir)).toEqual([".mcp.json", "mcp-fleet.lock.json"]);
});

test("a data folder made for MCP_FLEET_DATA gets one too; a folder the user made is left as it is", () => {
  const dir = project();
  openAndClose(join(dir, "state", "fleet-data"));
  expect(readFileSync(join(dir, "state", "fleet-data", ".gitignore"), "utf8")).toBe(DATA_DIR_GITIGNORE);

  mkdirSync(join(dir, "mine"));
  openAndClose(join(dir, "mine"));
  expect(existsSync(join(dir, "mine", ".gitignore"))).toBe(false);
  expect(committable(dir)).toContain("mine/history.db");
});

test("a .gitignore already in the folder is never overwritten", () => {
  const dir = project();
  mkdirSync(join(dir, ".mcp-fleet"));
  writeFileSync(join(dir, ".mcp-fleet", ".gitignore"), "history.db*\n");
  openAndClose(join(dir, ".mcp-fleet"));
  expect(readFileSync(join(dir, ".mcp-fleet", ".gitignore"), "utf8")).toBe("history.db*\n");
});
