/**
 * The permissions feature on the server side, shared by the API routes and the CLI: our
 * rules from the history database, the project's settings files, the view with effective decisions
 * and lint, checked changes (an unknown server or tool is refused with close names), and exports.
 */
import "server-only";

import path from "node:path";

import { FleetError } from "@/lib/errors";
import { loadPermissionChanges, loadPermissionRules, savePermissionRules, toolVersions } from "@/lib/history/permission-rules";
import type { HistoryStore } from "@/lib/history/store";
import {
  allowedAtOf,
  claudeSettingsText,
  closeNames,
  cursorText,
  exportClaude,
  exportCodex,
  exportCursor,
  expandServerNames,
  lintRules,
  permissionRows,
  ruleName,
  type AllowHistory,
  type ExportFormat,
  type OurRule,
  type PermissionChange,
  type PermissionsView,
} from "@/lib/permissions";
import type { FleetSnapshot } from "@/lib/reconcile/types";
import { readProjectSettings, type SettingsFileReport } from "./claude-settings";

/**
 * Which project's `.claude/` settings the feature reads and writes: the config's project folder; the
 * demo fleet has none, so it uses `<dataDir>/project` (never this repository).
 */
export function permissionsProjectDir(projectDir: string | null, dataDir: string, demo: boolean): string | null {
  if (projectDir && !demo) return projectDir;
  return demo ? path.join(dataDir, "project") : null;
}

export function ourRules(store: HistoryStore): OurRule[] {
  return loadPermissionRules(store).map((r) => ({ serverId: r.serverId, toolName: r.toolName, decision: r.decision, setAt: r.updatedAt }));
}

/**
 * Every rule name we have ever set, and for a server that had a default, the names of its known tools
 * (a default may have been written tool by tool): an old rule of ours is replaced in a settings file even after `none`.
 */
export function previousRuleNames(store: HistoryStore, snapshot: FleetSnapshot): string[] {
  return expandServerNames([...new Set(loadPermissionChanges(store, 100_000).map((c) => ruleName(c.serverId, c.toolName)))], snapshot.tools);
}

/** Refuse a change naming a server or tool the fleet does not have, with the names it could have meant. */
export function checkChange(snapshot: FleetSnapshot, change: Pick<PermissionChange, "serverId" | "toolName">): void {
  const serverIds = snapshot.servers.map((s) => s.id);
  const server = snapshot.servers.find((s) => s.id === change.serverId);
  if (!server) {
    const close = closeNames(change.serverId, serverIds);
    throw new FleetError(
      "not_found",
      "permissions",
      `no server "${change.serverId}" in this fleet${close.length ? `; did you mean ${close.map((n) => `"${n}"`).join(", ")}?` : ""} (servers: ${serverIds.join(", ") || "none"})`,
    );
  }
  if (change.toolName === null) return;
  const names = snapshot.tools.filter((t) => t.serverId === change.serverId).map((t) => t.originalName);
  if (names.includes(change.toolName)) return;
  if (server.status !== "ready") {
    throw new FleetError(
      "unavailable",
      "permissions",
      `server "${server.id}" is ${server.status}${server.error ? ` (${server.error})` : ""}: its tools are unknown, so "${change.toolName}" cannot be checked`,
    );
  }
  const close = closeNames(change.toolName, names);
  throw new FleetError(
    "not_found",
    "permissions",
    `server "${server.id}" has no tool "${change.toolName}"${close.length ? `; close names: ${close.join(", ")}` : `; its tools: ${names.join(", ") || "none"}`}`,
  );
}

export function applyChanges(store: HistoryStore, snapshot: FleetSnapshot, changes: PermissionChange[]): void {
  for (const change of changes) checkChange(snapshot, change);
  savePermissionRules(store, changes);
}

function historyOfAllowed(store: HistoryStore, snapshot: FleetSnapshot, ours: OurRule[]): AllowHistory[] {
  const out: AllowHistory[] = [];
  for (const tool of snapshot.tools) {
    const allowedAt = allowedAtOf(tool.serverId, tool.originalName, ours);
    if (!allowedAt) continue;
    out.push({ serverId: tool.serverId, toolName: tool.originalName, allowedAt, versions: toolVersions(store, tool.serverId, tool.originalName) });
  }
  return out;
}

export async function permissionsView(store: HistoryStore, snapshot: FleetSnapshot, projectDir: string | null): Promise<PermissionsView> {
  const ours = ourRules(store);
  const settings: SettingsFileReport[] = projectDir ? await readProjectSettings(projectDir) : [];
  const existing = settings.flatMap((f) => f.rules);
  const defaults = new Map(ours.filter((r) => r.toolName === null).map((r) => [r.serverId, r.decision]));
  return {
    projectDir,
    servers: snapshot.servers.map((s) => ({ id: s.id, status: s.status, toolCount: s.toolCount, defaultDecision: defaults.get(s.id) ?? "none" })),
    rows: permissionRows(snapshot.tools, ours, existing),
    rules: ours,
    settings,
    lint: lintRules({ tools: snapshot.tools, servers: snapshot.servers, ours, existing, history: historyOfAllowed(store, snapshot, ours) }),
  };
}

export interface RenderedExport {
  text: string;
  fileName: string;
  contentType: string;
  warnings: string[];
}

export function renderExport(format: ExportFormat, ours: OurRule[], snapshot: FleetSnapshot): RenderedExport {
  if (format === "claude") {
    const exported = exportClaude(ours, snapshot.tools);
    return { text: claudeSettingsText(exported), fileName: "settings.json", contentType: "application/json", warnings: exported.warnings };
  }
  if (format === "codex") {
    const exported = exportCodex(ours, snapshot.tools);
    return { text: exported.text, fileName: "config.toml", contentType: "application/toml", warnings: exported.warnings };
  }
  const exported = exportCursor(ours, snapshot.tools);
  return format === "cursor"
    ? { text: cursorText(exported), fileName: "permissions.json", contentType: "application/json", warnings: exported.warnings }
    : { text: cursorText(exported, "cli"), fileName: "cli.json", contentType: "application/json", warnings: exported.warnings };
}

export const EXPORT_FORMATS: readonly ExportFormat[] = ["claude", "codex", "cursor", "cursor-cli"];
