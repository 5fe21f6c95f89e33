/**
 * The JSON of the permissions API (`GET /api/permissions`), shared by the route, the CLI's
 * `--json` and the browser store. Types only.
 */
import type { PermissionRow } from "./effective";
import type { ExistingRule, LintFinding, OurRule, RuleDecision } from "./types";
import type { ServerStatus } from "@/lib/reconcile/types";

export type SettingsTarget = "settings" | "settings.local";
export type ExportFormat = "claude" | "codex" | "cursor" | "cursor-cli";

export interface SettingsFileView {
  target: SettingsTarget;
  path: string;
  label: string;
  exists: boolean;
  rules: ExistingRule[];
  error?: { file: string; message: string; line?: number; column?: number };
}

export interface PermissionServerView {
  id: string;
  status: ServerStatus;
  toolCount: number;
  /** Our default for the server (`none`: no default). */
  defaultDecision: RuleDecision;
}

export interface PermissionsView {
  /** The folder whose `.claude/` settings are read and written; null when the config has none. */
  projectDir: string | null;
  servers: PermissionServerView[];
  rows: PermissionRow[];
  /** Our stored rules (tool rules and server defaults), with the time each was set. */
  rules: OurRule[];
  settings: SettingsFileView[];
  lint: LintFinding[];
}

export interface PermissionChange {
  serverId: string;
  /** null: the server default. */
  toolName: string | null;
  decision: RuleDecision;
}

export interface SettingsPreviewView {
  target: SettingsTarget;
  path: string;
  diff: string;
  token: string;
  changed: boolean;
  warnings: string[];
}

export interface SettingsWriteView {
  target: SettingsTarget;
  path: string;
  written: boolean;
  backup: string | null;
}
