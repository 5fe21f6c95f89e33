/**
 * `fleet tools --config F [--config F2 ...] --client claude-code|codex|agent-sdk [--timeout MS] [--json]`:
 * what one client would send for the live fleet (lib/clients). With --json, stdout holds exactly the
 * array the client puts in its model request, nothing else; without, a table of what is dropped and
 * why, whole servers lost first. Each client's own settings apply as the dashboard applies them
 * (lib/settings/client-settings.ts); the files read are named (on stderr with --json).
 */
import { CLIENT_CHOICE_LIST, DEFAULT_CLIENT, isClientChoice, type ClientChoice } from "@/lib/clients";
import { isDemoConfig, projectDirOf } from "@/lib/config";
import { snapshotFleet } from "@/lib/fleet/snapshot-fleet";
import { readClientSettings } from "@/lib/settings/client-settings";
import { parseFlags } from "../flags";
import { formatClientView } from "../format-view";
import { CliError, type Command } from "../io";
import { loadFleetConfig } from "../load-fleet-config";

export const usage = `usage: fleet tools --config <file> [--config <file> ...] [--client ${CLIENT_CHOICE_LIST.join("|")}] [--timeout <ms>] [--json]`;

interface ToolsArgs {
  configs: string[];
  client: ClientChoice;
  timeoutMs?: number;
  json: boolean;
}

export function parseToolsArgs(args: string[]): ToolsArgs {
  const flags = parseFlags(args, ["config", "client", "timeout", "json"], { choices: { client: CLIENT_CHOICE_LIST } });
  if (flags.configs.length === 0) throw new CliError("give at least one --config <file>");
  const client = flags.client ?? DEFAULT_CLIENT;
  // parseFlags has checked it against the choices; the guard narrows the type.
  if (!isClientChoice(client)) throw new CliError(`--client is one of ${CLIENT_CHOICE_LIST.join(", ")}, not "${client}"`);
  return { configs: flags.configs, client, json: flags.json, ...(flags.timeoutMs !== undefined ? { timeoutMs: flags.timeoutMs } : {}) };
}

export const run: Command = async (args, io) => {
  const { configs, client, timeoutMs, json } = parseToolsArgs(args);
  const loaded = await loadFleetConfig(configs, io);
  const { settings, read: readBy, problems } = await readClientSettings(loaded, {
    env: io.env,
    projectDir: isDemoConfig(loaded) ? null : projectDirOf(loaded),
    relativeTo: io.cwd,
  });
  for (const p of problems) io.err(`${p.file}${p.line ? `:${p.line}:${p.column}` : ""}: ${p.message}`);
  const read = client === "codex" ? readBy.codex : client.startsWith("claude-code") ? readBy.claudeCode : [];
  const state = await snapshotFleet(loaded, { timeoutMs, clientSettings: settings });
  const view = state.views[client];
  if (json) {
    for (const r of read) io.err(`read ${r.label}: ${r.exists ? r.took : "absent"}`);
    io.out(JSON.stringify(view.wire, null, 2));
    return 0;
  }
  io.out(formatClientView(view, read));
  return 0;
};
