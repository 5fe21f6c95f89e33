/**
 * `mcp-fleet tools [--config F ...] [--profile P] --client claude-code|codex|agent-sdk [--timeout MS] [--json]`:
 * what one client would send for the live fleet (lib/clients), over the `--config` files (none: the
 * project's, found where it runs). With --json, stdout holds exactly the array the client puts in its
 * model request, nothing else; without, a table of what is dropped and why, whole servers lost first.
 * Each client's own settings apply as the dashboard applies them (lib/settings/client-settings.ts:
 * Claude Code's deny rules and CLAUDE_CODE_MAX_MCP_DESCRIPTION_LENGTH, Codex's enabled / disabled
 * tools); the files read are named (on stderr with --json). The answer is printed before the servers
 * are ended.
 */
import { CLIENT_CHOICE_LIST, type ClientChoice } from "@/lib/clients";
import { formatSettingsProblem, settingsReadOf } from "@/lib/settings/client-settings";
import { clientChoiceOf, parseFlags } from "../flags";
import { formatClientView } from "../format-view";
import type { Command } from "../io";
import { asCliErrors, loadLiveFleet, readCliClientSettings } from "../live-fleet";

export const usage = `usage: mcp-fleet tools [--config <file> ...] [--profile <name>] [--client ${CLIENT_CHOICE_LIST.join("|")}] [--timeout <ms>] [--json]`;

interface ToolsArgs {
  configs: string[];
  profile?: string;
  client: ClientChoice;
  timeoutMs?: number;
  json: boolean;
}

export function parseToolsArgs(args: string[]): ToolsArgs {
  const flags = parseFlags(args, ["config", "profile", "client", "timeout", "json"], { choices: { client: CLIENT_CHOICE_LIST } });
  const client = clientChoiceOf(flags);
  return { configs: flags.configs, client, json: flags.json, ...(flags.profile ? { profile: flags.profile } : {}), ...(flags.timeoutMs !== undefined ? { timeoutMs: flags.timeoutMs } : {}) };
}

export const run: Command = (args, io) =>
  asCliErrors(async () => {
    const { configs, client, timeoutMs, json, profile } = parseToolsArgs(args);
    const fleet = await loadLiveFleet({ configs, timeoutMs, profile }, io);
    // The client's settings are read before any server starts: a broken file is said first.
    const { settings, read: readBy, problems } = await readCliClientSettings(fleet.loaded, io);
    for (const p of problems) io.err(formatSettingsProblem(p));
    const read = settingsReadOf(client, readBy);
    return fleet.observe(
      (state) => {
        const view = state.views[client];
        if (json) {
          for (const r of read) io.err(`read ${r.label}: ${r.exists ? r.took : "absent"}`);
          io.out(JSON.stringify(view.wire, null, 2));
          return 0;
        }
        io.out(formatClientView(view, read));
        return 0;
      },
      { clientSettings: settings },
    );
  });
