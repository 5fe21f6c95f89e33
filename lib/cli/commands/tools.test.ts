import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, describe, expect, test } from "vitest";
import { fixtureSpecPath, rawServerCommand } from "@/e2e/fixtures/fixture-servers";
import type { ClaudeWireTool, CodexWireNamespace } from "@/lib/clients";
import { CliError, type CliIO } from "../io";
import { main } from "../main";
import { parseToolsArgs } from "./tools";

// Real stdio servers (raw-server fixtures): the demo's docs server (a tool with no root type on page 1),
// the e2e three-page server (a nameless tool on page 2) and the plain basic server.
const dir = mkdtempSync(join(tmpdir(), "mcp-fleet-tools-"));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

const docs = rawServerCommand(join(process.cwd(), "lib/demo/servers/docs.json"));
const basic = rawServerCommand(fixtureSpecPath("basic"));
const pages = rawServerCommand(fixtureSpecPath("three-pages"));
writeFileSync(join(dir, ".mcp.json"), JSON.stringify({ mcpServers: { docs, basic, pages } }, null, 2));
mkdirSync(join(dir, ".claude"));
writeFileSync(join(dir, ".claude/settings.local.json"), JSON.stringify({ permissions: { deny: ["mcp__basic__echo"], allow: ["mcp__basic__lookup_record"] } }));
mkdirSync(join(dir, ".codex"));
const toml = (id: string, entry: { command: string; args: string[] }, extra = "") => `[mcp_servers.${id}]\ncommand = ${JSON.stringify(entry.command)}\nargs = ${JSON.stringify(entry.args)}\n${extra}`;
writeFileSync(join(dir, ".codex/config.toml"), [toml("basic", basic, 'disabled_tools = ["echo"]\n'), toml("docs", docs, 'enabled_tools = ["get-library-docs"]\n'), toml("pages", pages)].join("\n"));

function io(): CliIO & { stdout: string[]; stderr: string[] } {
  const stdout: string[] = [];
  const stderr: string[] = [];
  return { stdout, stderr, out: (l) => stdout.push(l), err: (l) => stderr.push(l), cwd: dir, env: { PATH: process.env.PATH, HOME: join(dir, "home") } };
}

describe("mcp-fleet tools", () => {
  test("--json: exactly Claude Code's array on stdout; deny rules from .claude/ applied; the files read on stderr", { timeout: 60_000 }, async () => {
    const t = io();
    expect(await main(["tools", "--config", ".mcp.json", "--client", "claude-code", "--json"], t)).toBe(0);
    const wire = JSON.parse(t.stdout.join("\n")) as ClaudeWireTool[];
    expect(wire.map((w) => w.name)).toEqual(["mcp__basic__lookup_record"]);
    expect(Object.keys(wire[0])).toEqual(["name", "description", "input_schema"]);
    expect(t.stderr).toEqual([`read .claude/settings.local.json: 1 deny rule`, `read .claude/settings.json: absent`]);
  });

  test("no --config: the project's configs are found where it runs and named on stderr; stdout is still only the array", { timeout: 60_000 }, async () => {
    const t = io();
    expect(await main(["tools", "--client", "claude-code", "--json"], t)).toBe(0);
    const wire = JSON.parse(t.stdout.join("\n")) as ClaudeWireTool[];
    expect(wire.map((w) => w.name)).toEqual(["mcp__basic__lookup_record"]);
    expect(t.stderr[0]).toBe(`reading .mcp.json, .codex/config.toml in ${dir}`);
    expect(t.stderr.slice(-2)).toEqual([`read .claude/settings.local.json: 1 deny rule`, `read .claude/settings.json: absent`]);
  });

  test("the table: whole servers lost first, naming the tool; then dropped tools with their reasons and sources", { timeout: 60_000 }, async () => {
    const t = io();
    expect(await main(["tools", "--config", ".mcp.json"], t)).toBe(0);
    const text = t.stdout.join("\n").replace(/fleet hash [0-9a-f]{16}/, "fleet hash H");
    expect(text).toMatchInlineSnapshot(`
      "Claude Code 2.1.328: sends 1 of 11 tools (fleet hash H)
      settings read: .claude/settings.local.json (1 deny rule), .claude/settings.json (absent)

      servers lost (2)
        docs  Claude Code 2.1.328 would list 0 tools: \`get-library-docs\` has no root type  [lib/clients/__captures__/claude-code@2.1.328/bad-root.json]
        pages  Claude Code 2.1.328 would list 0 tools: the tool at position 3 (no name) has no name (and 1 more fault)  [lib/clients/__captures__/claude-code@2.1.328/bad-root.json]

      tools dropped (1)
        basic:echo
          - denied by "mcp__basic__echo" in .claude/settings.local.json: Claude Code removes mcp__basic__echo from the request  [lib/clients/__captures__/claude-code@2.1.328/claude-permissions.json]

      tools sent (1)
        mcp__basic__lookup_record  basic:lookup_record"
    `);
  });

  test("--config takes a Codex config.toml; its enabled_tools / disabled_tools apply; Codex keeps a root without type", { timeout: 60_000 }, async () => {
    const t = io();
    expect(await main(["tools", "--config", ".codex/config.toml", "--client", "codex", "--json"], t)).toBe(0);
    const wire = JSON.parse(t.stdout.join("\n")) as CodexWireNamespace[];
    expect(wire.map((ns) => [ns.name, ns.tools.map((f) => f.name)])).toEqual([
      ["mcp__basic", ["lookup_record"]],
      ["mcp__docs", ["get_library_docs"]],
    ]);
    expect(wire[1].tools[0].parameters).toMatchObject({ type: "object", required: ["libraryId"] });
    expect(t.stderr).toEqual(["read .codex/config.toml: enabled_tools / disabled_tools on 2 servers"]);
  });

  test("agent-sdk: the reconciler's forward map in the Claude API format", { timeout: 60_000 }, async () => {
    const t = io();
    expect(await main(["tools", "--config", ".mcp.json", "--client", "agent-sdk", "--json"], t)).toBe(0);
    const names = (JSON.parse(t.stdout.join("\n")) as ClaudeWireTool[]).map((w) => w.name);
    expect(names).toEqual(["echo", "fetch_url", "lookup_record", "page_one_first", "page_one_second", "page_three_last", "page_two_ok", "resolve-library-id"]);
  });
});

describe("arguments", () => {
  test.each([
    [["--config", "a", "--client", "cursor"], '--client is one of claude-code, claude-code@2.1.194, codex, agent-sdk, not "cursor"'],
    [["--config", "a", "--timeout", "0"], "--timeout takes a whole number"],
    [["--config", "a", "--json=yes"], "--json takes no value"],
    [["--config", "a", "--nope"], 'unknown option "--nope"'],
    [["--config", "a", "--client"], "--client needs a value"],
  ])("%j is refused: %s", (args, message) => {
    expect(() => parseToolsArgs(args)).toThrow(CliError);
    expect(() => parseToolsArgs(args)).toThrow(message);
  });

  test("defaults to Claude Code; no --config is no error (the project's configs are looked for)", () => {
    expect(parseToolsArgs(["--config", "a"])).toEqual({ configs: ["a"], client: "claude-code", json: false });
    expect(parseToolsArgs([])).toEqual({ configs: [], client: "claude-code", json: false });
  });
});
