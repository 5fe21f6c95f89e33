/**
 * The committed capture file (lib/clients/__captures__/<client>@<version>/<name>.json): what the client
 * sent and how it was made to send it. Machine-specific paths and ports become placeholders and there is
 * no date in it (the git log has that), so re-capturing an unchanged fleet gives the same bytes.
 */
import { mkdirSync, writeFileSync } from "node:fs";
import { dirname, join } from "node:path";
import { placeholders } from "./client-config";
import { basePath, PATH_SHAPE } from "./run-client";

export interface CaptureRecord {
  client: string;
  version: string;
  /** The fleet name, or `config` for an arbitrary file. */
  fleet: string;
  about: string;
  /** Claude Code: `eager` (ENABLE_TOOL_SEARCH=false) or `deferred` (the default, ToolSearch). Codex: `eager`. */
  mode: "eager" | "deferred";
  run: { cwd: string; argv: string[]; env: Record<string, string> };
  /** The files the harness wrote for the client, by placeholder path (JSON as objects, TOML as text). */
  files: Record<string, unknown>;
  /** The name of every entry of the request's `tools` array, in order. */
  toolNames: string[];
  /** The names of the entries that are not MCP tools. */
  otherTools: string[];
  /** The MCP part of the `tools` array exactly as sent, in order. */
  mcpTools: unknown[];
  /** Deferred mode: the `mcp__` names the request carries outside the tools array (sorted by the harness). */
  mcpNamesInText?: string[];
  /** Deferred mode: the sentences that introduce the deferred names and the servers still connecting (the names and ids elided). */
  deferredWording?: string[];
  /** Deferred mode: the entries that stand in for MCP tools (ToolSearch, DeferredToolPlaceholder), in full. */
  deferredEntries?: unknown[];
  /** The relevant client log lines (skipped tools, truncation, failed fetches), without timestamps. */
  debugLog: string[];
  /** callTools fleets: per MCP tool (Claude Code: its name; Codex: `namespace/tool`), whether the client let a call of it run (`ran`) and the result text. */
  callOutcomes?: Record<string, { ran: boolean; text: string }>;
  /** Per server that was asked to report it: the cwd and environment variable names it was started with. */
  probes?: Record<string, unknown>;
}

/** Where a capture is committed. */
export function capturePath(repo: string, client: string, version: string, name: string): string {
  return join(repo, "lib", "clients", "__captures__", `${client}@${version}`, `${name}.json`);
}

/** The capture as file text: placeholders applied, two-space JSON, a final newline. */
export function captureText(record: CaptureRecord, swaps: [string, string][]): string {
  const { mcpTools, deferredEntries, ...rest } = record;
  // The tools are kept byte for byte as parsed: placeholders apply to the rest only.
  const cleaned = placeholders(rest, swaps) as Omit<CaptureRecord, "mcpTools">;
  const ordered = { ...cleaned, mcpTools, ...(deferredEntries ? { deferredEntries } : {}) };
  return `${JSON.stringify(ordered, null, 2)}\n`;
}

export function writeCapture(path: string, text: string): void {
  mkdirSync(dirname(path), { recursive: true });
  writeFileSync(path, text);
}

/** The machine-specific paths of one capture run and their placeholders (longest first is applied by `placeholders`). */
export function machineSwaps(root: string, repo: string, rawServer: string): [string, string][] {
  return [
    [join(root, "project"), "<project>"],
    [join(root, "home"), "<home>"],
    [join(root, "codex-home"), "<codex-home>"],
    [root, "<tmp>"],
    [rawServer, "<repo>/lib/demo/raw-server.mjs"],
    [repo, "<repo>"],
    [process.execPath, "<node>"],
  ];
}

/** The environment as recorded: PATH starts with node's folder, which differs between machines. */
export function recordedEnv(env: Record<string, string>): Record<string, string> {
  return { ...env, PATH: env.PATH.replace(basePath(process.execPath), PATH_SHAPE) };
}
