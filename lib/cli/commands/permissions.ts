/**
 * `mcp-fleet permissions set|export|list|lint`: the same rules, checks and exports as the
 * /permissions page, over the live fleet of `--config F` (none: the project's configs found where it
 * runs, else the demo fleet) and its history database.
 */
import path from "node:path";

import { isDemoConfig, projectDirOf, type LoadedConfig } from "@/lib/config";
import { openHistoryStore, type HistoryStore } from "@/lib/history/store";
import { exportClaude, untrustedAllowWarning, type ExportFormat, type RuleDecision } from "@/lib/permissions";
import type { FleetSnapshot } from "@/lib/reconcile/types";
import { previewSettingsFile, writeNewFile, writeSettingsFile } from "@/lib/settings/claude-settings";
import { applyChanges, EXPORT_FORMATS, ourRules, permissionsProjectDir, permissionsView, previousRuleNames, renderExport } from "@/lib/settings/permissions-service";
import { parseFlags, type Flags } from "../flags";
import { CliError, resolveUserPath, type CliIO, type Command } from "../io";
import { asCliErrors, loadLiveFleet } from "../live-fleet";

export const usage = [
  "usage: mcp-fleet permissions set    [--config F]... [--timeout MS] <server>[:<tool>] allow|ask|deny|none",
  "       mcp-fleet permissions export [--config F]... --format claude|codex|cursor|cursor-cli [--write PATH]",
  "       mcp-fleet permissions list   [--config F]... [--json]",
  "       mcp-fleet permissions lint   [--config F]...",
].join("\n");

interface Live {
  loaded: LoadedConfig;
  snapshot: FleetSnapshot;
  store: HistoryStore;
  projectDir: string | null;
}

async function withLive<T>(flags: Flags, io: CliIO, body: (live: Live) => Promise<T>): Promise<T> {
  const fleet = await loadLiveFleet(flags, io);
  return asCliErrors(() =>
    fleet.observe(async (state) => {
      for (const server of state.snapshot.servers) {
        if (server.status === "error") io.err(`warning: ${server.id} is not ready${server.error ? ` (${server.error})` : ""}`);
      }
      const store = openHistoryStore(fleet.dataDir);
      try {
        const projectDir = permissionsProjectDir(projectDirOf(fleet.loaded), fleet.dataDir, isDemoConfig(fleet.loaded));
        return await body({ loaded: fleet.loaded, snapshot: state.snapshot, store, projectDir });
      } finally {
        store.close();
      }
    }),
  );
}

const DECISIONS: RuleDecision[] = ["allow", "ask", "deny", "none"];

/** A project's shared `.claude/settings.json` (not the user's own `~/.claude/settings.json`). */
function isProjectSettings(file: string, home: string | undefined): boolean {
  if (path.basename(file) !== "settings.json" || path.basename(path.dirname(file)) !== ".claude") return false;
  return !home || path.resolve(home, ".claude", "settings.json") !== file;
}

async function set(flags: Flags, io: CliIO): Promise<number> {
  const [target, decision, ...rest] = flags.positionals;
  if (!target || !decision || rest.length > 0) throw new CliError("set takes <server>[:<tool>] and a decision, e.g. `mcp-fleet permissions set github:delete_repo deny`");
  if (!DECISIONS.includes(decision as RuleDecision)) throw new CliError(`the decision is one of ${DECISIONS.join(", ")}, got "${decision}"`);
  const colon = target.indexOf(":");
  const serverId = colon < 0 ? target : target.slice(0, colon);
  const toolName = colon < 0 ? null : target.slice(colon + 1);
  if (toolName === "") throw new CliError(`no tool after "${serverId}:"; for the server default write just "${serverId}"`);
  return withLive(flags, io, async ({ snapshot, store }) => {
    applyChanges(store, snapshot, [{ serverId, toolName, decision: decision as RuleDecision }]);
    io.out(`${toolName === null ? `${serverId} (server default)` : `${serverId}:${toolName}`}: ${decision}`);
    return 0;
  });
}

async function exportRules(flags: Flags, io: CliIO): Promise<number> {
  if (!flags.format) throw new CliError("--format is required");
  const format = flags.format as ExportFormat;
  return withLive(flags, io, async ({ snapshot, store }) => {
    const ours = ourRules(store);
    const rendered = renderExport(format, ours, snapshot);
    for (const warning of rendered.warnings) io.err(`warning: ${warning}`);
    if (!flags.write) {
      io.out(rendered.text.replace(/\n$/, ""));
      return 0;
    }
    const file = resolveUserPath(flags.write, io);
    if (format === "claude") {
      const exported = exportClaude(ours, snapshot.tools);
      const previous = previousRuleNames(store, snapshot);
      const trust = isProjectSettings(file, io.env.HOME) ? untrustedAllowWarning("settings", exported.permissions) : null;
      if (trust) io.err(`warning: ${trust}`);
      const preview = await previewSettingsFile(file, exported, previous);
      const result = await writeSettingsFile(file, preview.token, exported, previous);
      if (!result.written) io.out(`${file} already has these rules; nothing written`);
      else {
        if (preview.diff) io.err(preview.diff.replace(/\n$/, ""));
        io.out(`wrote ${file}${result.backup ? ` (backup: ${result.backup})` : ""}`);
      }
      return 0;
    }
    await writeNewFile(file, rendered.text);
    io.out(`wrote ${file}`);
    return 0;
  });
}

async function list(flags: Flags, io: CliIO): Promise<number> {
  return withLive(flags, io, async ({ snapshot, store, projectDir }) => {
    const view = await permissionsView(store, snapshot, projectDir);
    if (flags.json) {
      io.out(JSON.stringify(view, null, 2));
      return 0;
    }
    for (const server of view.servers) {
      if (server.defaultDecision !== "none") io.out(`${server.id} (server default): ${server.defaultDecision}`);
    }
    const width = Math.max(0, ...view.rows.map((r) => r.serverId.length + r.toolName.length + 1));
    const rows = [...view.rows].sort((a, b) => (a.serverId + "\u0000" + a.toolName < b.serverId + "\u0000" + b.toolName ? -1 : 1));
    for (const row of rows) {
      const name = `${row.serverId}:${row.toolName}`.padEnd(width);
      io.out(`${name}  ours=${row.ours.padEnd(5)} suggest=${row.suggestion.decision.padEnd(5)} -> ${row.effective.decision.padEnd(5)} ${row.effective.why}`);
    }
    for (const file of view.settings) {
      if (file.error) io.err(`${file.error.file}${file.error.line ? `:${file.error.line}:${file.error.column}` : ""}: ${file.error.message}`);
    }
    return 0;
  });
}

async function lint(flags: Flags, io: CliIO): Promise<number> {
  return withLive(flags, io, async ({ snapshot, store, projectDir }) => {
    const view = await permissionsView(store, snapshot, projectDir);
    for (const f of view.lint) io.out(`${f.source}: ${f.list} "${f.rule}": ${f.kind}: ${f.message}`);
    for (const file of view.settings) {
      if (file.error) io.out(`${file.error.file}${file.error.line ? `:${file.error.line}:${file.error.column}` : ""}: ${file.error.message}`);
    }
    if (view.lint.length === 0 && !view.settings.some((f) => f.error)) io.out("no findings");
    return view.lint.length > 0 ? 1 : 0;
  });
}

export const run: Command = async (args, io) => {
  const [sub, ...rest] = args;
  if (sub === "set") return set(parseFlags(rest, ["config", "timeout"], { positionals: true }), io);
  if (sub === "export") return exportRules(parseFlags(rest, ["config", "timeout", "format", "write"], { choices: { format: EXPORT_FORMATS } }), io);
  if (sub === "list") return list(parseFlags(rest, ["config", "timeout", "json"]), io);
  if (sub === "lint") return lint(parseFlags(rest, ["config", "timeout"]), io);
  throw new CliError(sub ? `unknown subcommand "${sub}" (set, export, list or lint)` : "name a subcommand: set, export, list or lint");
};
