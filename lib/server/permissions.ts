/**
 * What the permissions routes do once their input is checked: the permissions service over the
 * running fleet's store, snapshot and project folder; changes saved, then announced as a
 * `permissions` event; the exports, the settings preview and the token-checked write.
 */
import "server-only";

import { FleetError } from "@/lib/errors";
import { getHistory } from "./context";
import type { HistoryStore } from "@/lib/history/store";
import { exportClaude, untrustedAllowWarning, type ExportFormat, type PermissionChange, type PermissionsView, type SettingsPreviewView, type SettingsTarget, type SettingsWriteView } from "@/lib/permissions";
import type { FleetSnapshot } from "@/lib/reconcile/types";
import { publishEvent } from "./event-bus";
import { previewSettings, writeSettings } from "@/lib/settings/claude-settings";
import { applyChanges, ourRules, permissionsProjectDir, permissionsView, previousRuleNames, renderExport, type RenderedExport } from "@/lib/settings/permissions-service";

interface Live {
  store: HistoryStore;
  snapshot: FleetSnapshot;
  projectDir: string | null;
}

async function live(): Promise<Live> {
  const { context, store } = await getHistory();
  return { store, snapshot: context.manager.getState().snapshot, projectDir: permissionsProjectDir(context.projectDir, context.dataDir, context.demo) };
}

function requireProject(projectDir: string | null): string {
  if (!projectDir) throw new FleetError("bad_request", "permissions", "this fleet has no project folder, so there is no .claude/settings.json to write; use the download instead");
  return projectDir;
}

export async function getPermissions(): Promise<PermissionsView> {
  const { store, snapshot, projectDir } = await live();
  return permissionsView(store, snapshot, projectDir);
}

async function announce(): Promise<PermissionsView> {
  const view = await getPermissions();
  publishEvent("permissions", view);
  return view;
}

export async function putPermissions(changes: PermissionChange[]): Promise<PermissionsView> {
  const { store, snapshot } = await live();
  applyChanges(store, snapshot, changes);
  return announce();
}

export async function exportPermissions(format: ExportFormat): Promise<RenderedExport> {
  const { store, snapshot } = await live();
  return renderExport(format, ourRules(store), snapshot);
}

export async function previewPermissions(target: SettingsTarget): Promise<SettingsPreviewView> {
  const { store, snapshot, projectDir } = await live();
  const exported = exportClaude(ourRules(store), snapshot.tools);
  const preview = await previewSettings(requireProject(projectDir), target, exported, previousRuleNames(store, snapshot));
  const trust = untrustedAllowWarning(target, exported.permissions);
  return { target, path: preview.path, diff: preview.diff, token: preview.token, changed: preview.changed, warnings: [...exported.warnings, ...(trust ? [trust] : [])] };
}

export async function writePermissions(target: SettingsTarget, token: string): Promise<SettingsWriteView> {
  const { store, snapshot, projectDir } = await live();
  const exported = exportClaude(ourRules(store), snapshot.tools);
  const result = await writeSettings(requireProject(projectDir), target, token, exported, previousRuleNames(store, snapshot));
  if (result.written) await announce();
  return { target, ...result };
}
