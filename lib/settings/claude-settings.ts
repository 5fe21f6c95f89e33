/**
 * The project's Claude Code settings files (docs/permissions.md): read the MCP rules in
 * `.claude/settings.json` and `.claude/settings.local.json`, and merge-write our rules into one of
 * them: preview first (diff + a token of the file's bytes), then write only if the file still has
 * those bytes, atomically (temp file + rename in the same folder) with a backup beside it.
 */
import "server-only";

import { createHash, randomBytes } from "node:crypto";
import { copyFile, link, mkdir, readFile, rename, unlink, writeFile } from "node:fs/promises";
import path from "node:path";

import { FleetError } from "@/lib/errors";
import { mcpRulesOf, mergeClaudeSettings, readSettingsText, type ExistingRule, type OurClaudeRules } from "@/lib/permissions";

export type SettingsTarget = "settings" | "settings.local";
export const SETTINGS_TARGETS: readonly SettingsTarget[] = ["settings.local", "settings"];
export const ABSENT = "absent";

export interface SettingsProblem {
  file: string;
  message: string;
  line?: number;
  column?: number;
}

export interface SettingsFileReport {
  target: SettingsTarget;
  /** Absolute path. */
  path: string;
  /** `.claude/settings.json` or `.claude/settings.local.json`: how rules name their origin. */
  label: string;
  exists: boolean;
  /** The MCP rules in it (others are kept on write but are not ours to show). */
  rules: ExistingRule[];
  error?: SettingsProblem;
}

export interface SettingsPreview {
  path: string;
  diff: string;
  /** SHA-256 of the file's bytes at preview time, or "absent". */
  token: string;
  changed: boolean;
  text: string;
}

export interface SettingsWriteResult {
  path: string;
  written: boolean;
  /** The backup of the previous bytes, when there were any. */
  backup: string | null;
}

export function settingsPath(projectDir: string, target: SettingsTarget): string {
  return path.join(projectDir, ".claude", `${target}.json`);
}

export function settingsLabel(target: SettingsTarget): string {
  return `.claude/${target}.json`;
}

/** The token of a file's bytes: what a preview promises and a write checks. */
export function bytesToken(bytes: Buffer | null): string {
  return bytes === null ? ABSENT : createHash("sha256").update(bytes).digest("hex");
}

async function readBytes(file: string): Promise<Buffer | null> {
  try {
    return await readFile(file);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === "ENOENT") return null;
    throw error;
  }
}

/** The MCP rules of a settings file's text, or the problem that keeps us from reading them. */
export function rulesOfSettingsText(text: string, label: string): { rules: ExistingRule[]; error?: SettingsProblem } {
  const read = readSettingsText(text);
  if (!read.ok) return { rules: [], error: { file: label, ...read.error } };
  return { rules: mcpRulesOf(read.permissions, label) };
}

export async function readSettingsFile(file: string, target: SettingsTarget, label = settingsLabel(target)): Promise<SettingsFileReport> {
  let bytes: Buffer | null;
  try {
    bytes = await readBytes(file);
  } catch (error) {
    return { target, path: file, label, exists: true, rules: [], error: { file: label, message: `cannot read: ${(error as Error).message}` } };
  }
  if (bytes === null) return { target, path: file, label, exists: false, rules: [] };
  return { target, path: file, label, exists: true, ...rulesOfSettingsText(bytes.toString("utf8"), label) };
}

/** Both settings files of a project, the local one first (it takes precedence in Claude Code). */
export async function readProjectSettings(projectDir: string): Promise<SettingsFileReport[]> {
  return Promise.all(SETTINGS_TARGETS.map((target) => readSettingsFile(settingsPath(projectDir, target), target)));
}

function mergeOrThrow(bytes: Buffer | null, ours: OurClaudeRules, previous: readonly string[], label: string): SettingsPreview & { bytes: Buffer | null } {
  const result = mergeClaudeSettings(bytes === null ? null : bytes.toString("utf8"), ours, previous, label);
  if (!result.ok) {
    const where = result.error.line ? `${label}:${result.error.line}:${result.error.column}` : label;
    throw new FleetError("bad_request", "permissions", `${where}: ${result.error.message}; fix the file by hand, nothing was written`);
  }
  return { path: "", diff: result.diff, token: bytesToken(bytes), changed: result.changed, text: result.text, bytes };
}

/** What writing our rules into `file` would change, and the token a write must present. */
export async function previewSettingsFile(file: string, ours: OurClaudeRules, previous: readonly string[] = [], label = file): Promise<SettingsPreview> {
  const { bytes: _bytes, ...preview } = mergeOrThrow(await readBytes(file), ours, previous, label);
  return { ...preview, path: file };
}

/**
 * Merge our rules into `file` if it still hashes to `token`; else a conflict and nothing written.
 * The previous bytes go to `<file>.bak` first; the new text is written to a temp file and renamed over.
 */
export async function writeSettingsFile(
  file: string,
  token: string,
  ours: OurClaudeRules,
  previous: readonly string[] = [],
  label = file,
): Promise<SettingsWriteResult> {
  const bytes = await readBytes(file);
  if (bytesToken(bytes) !== token) {
    throw new FleetError(
      "conflict",
      "permissions",
      `${label} changed since the preview (someone else edited it); nothing was written. Preview again to see the current file.`,
    );
  }
  const merged = mergeOrThrow(bytes, ours, previous, label);
  if (!merged.changed && bytes !== null) return { path: file, written: false, backup: null };
  const dir = path.dirname(file);
  await mkdir(dir, { recursive: true });
  let backup: string | null = null;
  if (bytes !== null) {
    backup = `${file}.bak`;
    await copyFile(file, backup);
  }
  const temp = path.join(dir, `.${path.basename(file)}.${process.pid}.${randomBytes(4).toString("hex")}.tmp`);
  try {
    await writeFile(temp, merged.text, { flag: "wx" });
    await rename(temp, file);
  } catch (error) {
    await unlink(temp).catch(() => {});
    throw error;
  }
  return { path: file, written: true, backup };
}

export function previewSettings(projectDir: string, target: SettingsTarget, ours: OurClaudeRules, previous: readonly string[] = []): Promise<SettingsPreview> {
  return previewSettingsFile(settingsPath(projectDir, target), ours, previous, settingsLabel(target));
}

export function writeSettings(
  projectDir: string,
  target: SettingsTarget,
  token: string,
  ours: OurClaudeRules,
  previous: readonly string[] = [],
): Promise<SettingsWriteResult> {
  return writeSettingsFile(settingsPath(projectDir, target), token, ours, previous, settingsLabel(target));
}

/** Write a generated file (Codex / Cursor exports) atomically; an existing file is never replaced. */
export async function writeNewFile(file: string, text: string): Promise<void> {
  const dir = path.dirname(file);
  await mkdir(dir, { recursive: true });
  const temp = path.join(dir, `.${path.basename(file)}.${process.pid}.${randomBytes(4).toString("hex")}.tmp`);
  await writeFile(temp, text, { flag: "wx" });
  try {
    // link() fails when the target exists, so a file someone already has is never overwritten.
    await link(temp, file);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === "EEXIST") {
      throw new FleetError("conflict", "permissions", `${file} exists; nothing was written (merge the export into it by hand, or choose a new path)`);
    }
    throw error;
  } finally {
    await unlink(temp).catch(() => {});
  }
}
