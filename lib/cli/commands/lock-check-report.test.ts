/**
 * `mcp-fleet lock`, `check` and `report` end to end through the CLI entry, against real
 * stdio fixture servers (raw-server.mjs with a toolsFile) configured in a temp project's .mcp.json.
 */
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterEach, beforeEach, expect, test } from "vitest";
import { makeToolsFileServer, rawServerCommand, writeToolsFile, type RawTool } from "@/e2e/fixtures/fixture-servers";
import { main } from "@/lib/cli/main";
import type { CliIO } from "@/lib/cli/io";

let project: string;
beforeEach(() => {
  project = mkdtempSync(path.join(tmpdir(), "fleet-cli-"));
});
afterEach(() => rmSync(project, { recursive: true, force: true }));

async function fleet(...argv: string[]) {
  const out: string[] = [];
  const err: string[] = [];
  const io: CliIO = { out: (l) => out.push(l), err: (l) => err.push(l), cwd: project, env: { HOME: project } };
  const code = await main(argv, io);
  return { code, out: out.join("\n"), err: err.join("\n") };
}

const tool = (name: string, properties: Record<string, unknown> = {}, description = `${name} tool`): RawTool => ({
  name,
  description,
  inputSchema: { type: "object", properties },
});

function project2(): { config: string; weatherTools: string; notesTools: string } {
  const weather = makeToolsFileServer(project, [tool("get_forecast", { city: { type: "string" } }), tool("search")], { name: "weather" });
  const notes = makeToolsFileServer(project, [tool("add_note", { text: { type: "string" } }), tool("list_notes", { limit: { type: "integer" } })], { name: "notes" });
  const config = path.join(project, ".mcp.json");
  writeFileSync(config, JSON.stringify({ mcpServers: { weather: rawServerCommand(weather.specPath), notes: rawServerCommand(notes.specPath) } }, null, 2));
  return { config, weatherTools: weather.toolsFile, notesTools: notes.toolsFile };
}

test("lock, then check on an unchanged and on a changed fleet", async () => {
  const { config, weatherTools, notesTools } = project2();
  const lockFile = path.join(project, "mcp-fleet.lock.json");

  const missing = await fleet("check", "--config", config);
  expect(missing.code).toBe(2);
  expect(missing.err).toBe(`mcp-fleet check: no lock file at ${lockFile}: run \`mcp-fleet lock --config ${config}\` first`);

  const locked = await fleet("lock", "--config", config);
  expect(locked).toMatchObject({ code: 0, out: `wrote ${lockFile}: 2 servers, 4 tools` });
  expect(Object.keys(JSON.parse(readFileSync(lockFile, "utf8")).servers.weather.tools)).toEqual(["get_forecast", "search"]);

  expect(await fleet("check", "--config", config)).toMatchObject({ code: 0, out: `no drift: the live fleet matches ${lockFile} (2 servers, 4 tools)` });

  writeToolsFile(weatherTools, [tool("get_forecast", { city: { type: "string" }, days: { type: "integer" } }), tool("search")]);
  writeToolsFile(notesTools, [tool("add_note", { text: { type: "string" } }), tool("search"), tool("delete_note", { id: { type: "string" } })]);
  const changed = await fleet("check", "--config", config);
  expect(changed.code).toBe(1);
  expect(changed.out.split("\n")).toEqual([
    "notes/delete_note: tool added (exposed as delete_note)",
    "notes/list_notes: tool removed",
    "notes/search: tool added (exposed as notes__search)",
    "notes/search: collision appeared (with weather)",
    expect.stringMatching(/^weather\/get_forecast: schema changed \([0-9a-f]{16} -> [0-9a-f]{16}\)$/),
    "weather/search: collision appeared (with notes; exposed as weather__search)",
  ]);
});

test("report: records the live observation and prints the review as Markdown", async () => {
  const { config, weatherTools } = project2();
  const first = await fleet("report", "--config", config);
  expect(first.code).toBe(0);
  expect(first.out).toContain("Since history began, not yet reviewed: **0** changes on **0** servers.");
  expect(existsSync(path.join(project, ".mcp-fleet", "history.db"))).toBe(true);

  writeToolsFile(weatherTools, [tool("get_forecast", { city: { type: "string" } }, "Forecast, now with more words.")]);
  const second = await fleet("report", "--config", config);
  expect(second.out).toContain("**2** changes on **1** server.");
  expect(second.out).toMatch(/### `weather`\n\n- description changed: `get_forecast` \([0-9a-f]{16} → [0-9a-f]{16}\) · .*\n- tool removed: `search` · /);
});

test("flags and config errors are one-line messages", async () => {
  expect(await fleet("check", "--bogus")).toMatchObject({ code: 2, err: 'mcp-fleet check: unknown option "--bogus"' });
  expect(await fleet("report", "--since", "last tuesday")).toMatchObject({ code: 2, err: expect.stringContaining("--since takes an ISO date") });
  expect(await fleet("check", "-h")).toMatchObject({ code: 0, out: "usage: mcp-fleet check [--config <file> ...] [--profile <name>] [--timeout <ms>]" });
  const none = await fleet("lock", "-c", path.join(project, "nope.json"));
  expect(none.code).toBe(2);
  expect(none.err).toContain("mcp-fleet lock: no MCP server could be read from the config");
});
