/**
 * `fleet tools --config F [--config F2 ...] --client claude-code|codex|agent-sdk [--timeout MS] [--json]`:
 * what one client would send for the live fleet (lib/clients). With --json, stdout holds exactly the
 * array the client puts in its model request, nothing else; without, a table of what is dropped and
 * why, whole servers lost first. Claude Code reads its deny rules from the project's
 * `.claude/settings.json` and `.claude/settings.local.json` (and CLAUDE_CODE_MAX_MCP_DESCRIPTION_LENGTH
 * from the environment); Codex applies each server's
 * `enabled_tools` / `disabled_tools`. The files read are named (on stderr with --json).
 */
import path from "node:path";

import { CLIENT_CHOICES, clientView, isClientChoice, type ClientChoice, type ClientSettings } from "@/lib/clients";
import { isDemoConfig, projectDirOf, type LoadedConfig } from "@/lib/config";
import { observeFleet } from "@/lib/fleet/snapshot-fleet";
import { readClientSettings } from "@/lib/settings/client-settings";
import { parseFlags } from "../flags";
import { formatClientView, type SettingsRead } from "../format-view";
import { CliError, type CliIO, type Command } from "../io";
import { loadFleetConfig } from "../load-fleet-config";

const CHOICES = Object.keys(CLIENT_CHOICES) as ClientChoice[];

export const usage = `usage: fleet tools --config <file> [--config <file> ...] [--client ${CHOICES.join("|")}] [--timeout <ms>] [--json]`;

interface ToolsArgs {
  configs: string[];
  client: ClientChoice;
  timeoutMs?: number;
  json: boolean;
}

export function parseToolsArgs(args: string[]): ToolsArgs {
  const flags = parseFlags(args, ["config", "client", "timeout", "json"], { choices: { client: CHOICES } });
  if (flags.configs.length === 0) throw new CliError("give at least one --config <file>");
  const client = flags.client ?? "claude-code";
  // parseFlags has checked it against CHOICES; the guard narrows the type.
  if (!isClientChoice(client)) throw new CliError(`--client is one of ${CHOICES.join(", ")}, not "${client}"`);
  return { configs: flags.configs, client, json: flags.json, ...(flags.timeoutMs !== undefined ? { timeoutMs: flags.timeoutMs } : {}) };
}

export const run: Command = async (args, io) => {
  const { configs, client, timeoutMs, json } = parseToolsArgs(args);
  const loaded = await loadFleetConfig(configs, io);
  const { settings, read } = await clientSettings(client, loaded, io);
  const { toolLists } = await observeFleet(loaded, { timeoutMs });
  const view = clientView(client, toolLists, settings);
  if (json) {
    for (const r of read) io.err(`read ${r.label}: ${r.exists ? r.took : "absent"}`);
    io.out(JSON.stringify(view.wire, null, 2));
    return 0;
  }
  io.out(formatClientView(view, read));
  return 0;
};

/** The client's own settings that change what it sends, and the files they came from (named from where the command runs). */
export async function clientSettings(client: ClientChoice, loaded: LoadedConfig, io: CliIO): Promise<{ settings: ClientSettings; read: SettingsRead[] }> {
  const projectDir = isDemoConfig(loaded) ? null : projectDirOf(loaded);
  const { settings, read, problems } = await readClientSettings(client, loaded, { projectDir, env: io.env, label: (file) => relative(io, file) });
  for (const p of problems) io.err(`${p.file}${p.line ? `:${p.line}:${p.column}` : ""}: ${p.message}; its rules are not applied`);
  return { settings, read: read.map((r) => ({ label: relative(io, r.path), exists: r.exists, took: r.took })) };
}

function relative(io: CliIO, file: string): string {
  const rel = path.relative(io.cwd, file);
  return rel && !rel.startsWith("..") && !path.isAbsolute(rel) ? rel : file;
}
