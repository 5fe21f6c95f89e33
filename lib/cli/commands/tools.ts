/**
 * `mcp-fleet tools [--config F ...] --client claude-code|codex|agent-sdk [--timeout MS] [--json]`:
 * what one client would send for the live fleet (lib/clients), over the `--config` files (none: the
 * project's, found where it runs). With --json, stdout holds exactly the array the client puts in its
 * model request, nothing else; without, a table of what is dropped and why, whole servers lost first.
 * Claude Code reads its deny rules from the project's `.claude/settings.json` and
 * `.claude/settings.local.json` (and CLAUDE_CODE_MAX_MCP_DESCRIPTION_LENGTH from the environment);
 * Codex applies each server's `enabled_tools` / `disabled_tools`. The files read are named (on stderr
 * with --json). The answer is printed before the servers are ended.
 */
import path from "node:path";

import { CLIENT_CHOICES, clientView, isClientChoice, type ClientChoice, type ClientSettings, type CodexServerToolSettings } from "@/lib/clients";
import { isDemoConfig, projectDirOf, type LoadedConfig } from "@/lib/config";
import { readProjectSettings } from "@/lib/settings/claude-settings";
import { count } from "@/lib/text/count";
import { parseFlags } from "../flags";
import { formatClientView, type SettingsRead } from "../format-view";
import { CliError, type CliIO, type Command } from "../io";
import { asCliErrors, loadLiveFleet } from "../live-fleet";

const CHOICES = Object.keys(CLIENT_CHOICES) as ClientChoice[];

export const usage = `usage: mcp-fleet tools [--config <file> ...] [--client ${CHOICES.join("|")}] [--timeout <ms>] [--json]`;

interface ToolsArgs {
  configs: string[];
  client: ClientChoice;
  timeoutMs?: number;
  json: boolean;
}

export function parseToolsArgs(args: string[]): ToolsArgs {
  const flags = parseFlags(args, ["config", "client", "timeout", "json"], { choices: { client: CHOICES } });
  const client = flags.client ?? "claude-code";
  // parseFlags has checked it against CHOICES; the guard narrows the type.
  if (!isClientChoice(client)) throw new CliError(`--client is one of ${CHOICES.join(", ")}, not "${client}"`);
  return { configs: flags.configs, client, json: flags.json, ...(flags.timeoutMs !== undefined ? { timeoutMs: flags.timeoutMs } : {}) };
}

export const run: Command = (args, io) =>
  asCliErrors(async () => {
    const { configs, client, timeoutMs, json } = parseToolsArgs(args);
    const fleet = await loadLiveFleet({ configs, timeoutMs }, io);
    // The client's settings are read before any server starts: a broken file is said first.
    const { settings, read } = await clientSettings(client, fleet.loaded, io);
    return fleet.observe((_state, toolLists) => {
      const view = clientView(client, toolLists, settings);
      if (json) {
        for (const r of read) io.err(`read ${r.label}: ${r.exists ? r.took : "absent"}`);
        io.out(JSON.stringify(view.wire, null, 2));
        return 0;
      }
      io.out(formatClientView(view, read));
      return 0;
    });
  });

/** The client's own settings that change what it sends, and the files they came from. */
async function clientSettings(client: ClientChoice, loaded: LoadedConfig, io: CliIO): Promise<{ settings: ClientSettings; read: SettingsRead[] }> {
  if (client === "codex") {
    const servers: Record<string, CodexServerToolSettings> = {};
    const files = new Set<string>();
    for (const server of loaded.servers) {
      if (server.source.format !== "codex") continue;
      files.add(server.source.file);
      servers[server.id] = {
        enabled: server.enabled,
        ...(server.codex?.enabledTools ? { enabledTools: server.codex.enabledTools } : {}),
        ...(server.codex?.disabledTools ? { disabledTools: server.codex.disabledTools } : {}),
        file: relative(io, server.source.file),
      };
    }
    const read = [...files].map((file) => {
      const n = loaded.servers.filter((s) => s.source.file === file && (s.codex?.enabledTools || s.codex?.disabledTools)).length;
      return { label: relative(io, file), exists: true, took: `enabled_tools / disabled_tools on ${count(n, "server")}` };
    });
    return { settings: { codex: { servers } }, read };
  }
  if (!client.startsWith("claude-code")) return { settings: {}, read: [] };
  // Claude Code's own environment variable for the description cut, when this terminal sets it.
  const limit = Number(io.env.CLAUDE_CODE_MAX_MCP_DESCRIPTION_LENGTH);
  const fromEnv = Number.isInteger(limit) && limit > 0 ? { maxDescriptionLength: limit } : {};
  const projectDir = isDemoConfig(loaded) ? null : projectDirOf(loaded);
  if (!projectDir) return { settings: { claudeCode: fromEnv }, read: [] };
  const files = await readProjectSettings(projectDir);
  const deny = files.flatMap((f) => f.rules.filter((r) => r.list === "deny").map((r) => ({ rule: r.rule, file: f.label })));
  for (const f of files) if (f.error) io.err(`${path.join(projectDir, f.label)}${f.error.line ? `:${f.error.line}:${f.error.column}` : ""}: ${f.error.message}; its rules are not applied`);
  const read = files.map((f) => {
    const n = f.rules.filter((r) => r.list === "deny").length;
    return { label: relative(io, f.path), exists: f.exists, took: f.error ? "unreadable" : count(n, "deny rule") };
  });
  return { settings: { claudeCode: { deny, ...fromEnv } }, read };
}

function relative(io: CliIO, file: string): string {
  const rel = path.relative(io.cwd, file);
  return rel && !rel.startsWith("..") && !path.isAbsolute(rel) ? rel : file;
}
