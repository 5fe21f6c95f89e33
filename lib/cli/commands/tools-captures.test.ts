/**
 * End to end: `mcp-fleet tools --json` over real stdio servers (raw-server.mjs serving the fixture specs)
 * prints exactly what the real client sent in its committed capture, key order included.
 * Claude Code's user deny rules go in the project's .claude/settings.local.json (the capture had them in
 * the user's settings: the same rules), its project rules in .claude/settings.json; Codex's settings in a
 * config.toml, as Codex reads them.
 */
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, expect, test } from "vitest";
import { rawServerCommand } from "@/e2e/fixtures/fixture-servers";
import { loadFleet, type Fleet } from "@/lib/clients/__fixtures__/load-fleet";
import { canonicalJson } from "@/lib/schema/canonical-json";
import type { CliIO } from "../io";
import { main } from "../main";

const root = mkdtempSync(join(tmpdir(), "mcp-fleet-tools-captures-"));
afterAll(() => rmSync(root, { recursive: true, force: true }));

function io(cwd: string, env: Record<string, string> = {}): CliIO & { stdout: string[]; stderr: string[] } {
  const stdout: string[] = [];
  const stderr: string[] = [];
  return { stdout, stderr, out: (l) => stdout.push(l), err: (l) => stderr.push(l), cwd, env: { PATH: process.env.PATH, HOME: join(cwd, "home"), ...env } };
}

function captured(client: string, fleet: string): unknown {
  return JSON.parse(readFileSync(join(process.cwd(), "lib/clients/__captures__", client, `${fleet}.json`), "utf8")).mcpTools;
}

function claudeProject(fleet: Fleet): string {
  const dir = join(root, `claude-${fleet.name}`);
  mkdirSync(join(dir, ".claude"), { recursive: true });
  const mcpServers = Object.fromEntries(fleet.servers.map((s) => [s.id, rawServerCommand(join(process.cwd(), s.spec))]));
  writeFileSync(join(dir, ".mcp.json"), JSON.stringify({ mcpServers }));
  writeFileSync(join(dir, ".claude/settings.local.json"), JSON.stringify({ permissions: { deny: fleet.claudeCode.permissions.deny ?? [] } }));
  writeFileSync(join(dir, ".claude/settings.json"), JSON.stringify({ permissions: fleet.claudeCode.projectPermissions }));
  return dir;
}

function codexProject(fleet: Fleet): string {
  const dir = join(root, `codex-${fleet.name}`);
  mkdirSync(join(dir, ".codex"), { recursive: true });
  const tables = fleet.servers.map((s) => {
    const { command, args } = rawServerCommand(join(process.cwd(), s.spec));
    const lines = [`[mcp_servers.${JSON.stringify(s.id)}]`, `command = ${JSON.stringify(command)}`, `args = ${JSON.stringify(args)}`];
    if (s.codex.enabled !== undefined) lines.push(`enabled = ${s.codex.enabled}`);
    if (s.codex.enabled_tools) lines.push(`enabled_tools = ${JSON.stringify(s.codex.enabled_tools)}`);
    if (s.codex.disabled_tools) lines.push(`disabled_tools = ${JSON.stringify(s.codex.disabled_tools)}`);
    return lines.join("\n");
  });
  writeFileSync(join(dir, ".codex/config.toml"), `${tables.join("\n\n")}\n`);
  return dir;
}

// The demo fleet's tracker changes its list 8 s after it starts: a run reads the initial lists, as the captures did.
test.each([
  ["claude-code", "demo"],
  ["codex", "demo"],
  ["claude-code", "sanitize"],
  ["claude-code", "flatten"],
  ["claude-code", "claude-permissions"],
  ["claude-code", "bad-root"],
  ["claude-code", "description-limit"],
  ["codex", "sanitize"],
  ["codex", "codex-settings"],
  ["codex", "schema-keywords"],
  ["codex", "bad-root"],
] as const)("mcp-fleet tools --client %s --json equals the capture of fleet %s", { timeout: 90_000 }, async (client, name) => {
  const fleet = loadFleet(name);
  const dir = client === "codex" ? codexProject(fleet) : claudeProject(fleet);
  const config = client === "codex" ? ".codex/config.toml" : ".mcp.json";
  // The client's environment (CLAUDE_CODE_MAX_MCP_DESCRIPTION_LENGTH) is the terminal's.
  const t = io(dir, client === "codex" ? {} : fleet.claudeCode.env);
  expect(await main(["tools", "--config", config, "--client", client, "--json", "--timeout", "30000"], t)).toBe(0);
  const dirName = client === "codex" ? "codex@0.169.0" : "claude-code@2.1.328";
  const printed = JSON.parse(t.stdout.join("\n"));
  expect(canonicalJson(printed)).toBe(canonicalJson(captured(dirName, name)));
  expect(JSON.stringify(printed)).toBe(JSON.stringify(captured(dirName, name)));
});
