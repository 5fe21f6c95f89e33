/**
 * `mcp-fleet tools [--config F ...] [--profile P] --client claude-code|codex|agent-sdk [--timeout MS] [--json]`:
 * what one client would send for the live fleet (lib/clients), over the `--config` files (none: the
 * project's, found where it runs). With --json, stdout holds exactly the array the client puts in its
 * model request, nothing else; without, a table of what is dropped and why, whole servers lost first.
 * Claude Code reads its deny rules from the project's `.claude/settings.json` and
 * `.claude/settings.local.json` (and CLAUDE_CODE_MAX_MCP_DESCRIPTION_LENGTH from the environment);
 * Codex applies each server's `enabled_tools` / `disabled_tools`. The files read are named (on stderr
 * with --json). The answer is printed before the servers are ended.
 */
import path from "node:path";

import { CLIENT_CHOICES, clientView, isClientChoice, type ClientChoice } from "@/lib/clients";
import { readClientSettings } from "@/lib/settings/client-settings";
import { parseFlags } from "../flags";
import { formatClientView } from "../format-view";
import { CliError, type CliIO, type Command } from "../io";
import { asCliErrors, loadLiveFleet } from "../live-fleet";

const CHOICES = Object.keys(CLIENT_CHOICES) as ClientChoice[];

export const usage = `usage: mcp-fleet tools [--config <file> ...] [--profile <name>] [--client ${CHOICES.join("|")}] [--timeout <ms>] [--json]`;

interface ToolsArgs {
  configs: string[];
  profile?: string;
  client: ClientChoice;
  timeoutMs?: number;
  json: boolean;
}

export function parseToolsArgs(args: string[]): ToolsArgs {
  const flags = parseFlags(args, ["config", "profile", "client", "timeout", "json"], { choices: { client: CHOICES } });
  const client = flags.client ?? "claude-code";
  // parseFlags has checked it against CHOICES; the guard narrows the type.
  if (!isClientChoice(client)) throw new CliError(`--client is one of ${CHOICES.join(", ")}, not "${client}"`);
  return { configs: flags.configs, client, json: flags.json, ...(flags.profile ? { profile: flags.profile } : {}), ...(flags.timeoutMs !== undefined ? { timeoutMs: flags.timeoutMs } : {}) };
}

export const run: Command = (args, io) =>
  asCliErrors(async () => {
    const { configs, client, timeoutMs, json, profile } = parseToolsArgs(args);
    const fleet = await loadLiveFleet({ configs, timeoutMs, profile }, io);
    // The client's settings are read before any server starts: a broken file is said first.
    const { settings, read, problems } = await readClientSettings(client, fleet.loaded, io.env, (file) => relative(io, file));
    for (const problem of problems) io.err(problem);
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

function relative(io: CliIO, file: string): string {
  const rel = path.relative(io.cwd, file);
  return rel && !rel.startsWith("..") && !path.isAbsolute(rel) ? rel : file;
}
