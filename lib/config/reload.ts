/**
 * A config re-read while the dashboard runs: a file that no longer parses (an editor's half-saved
 * state, a typo) keeps the servers of its last good version instead of losing them all, and what
 * changed is put in one sentence for the user.
 */
import "server-only";

import path from "node:path";

import type { ConfigFinding, LoadedConfig } from "./types";

/** Findings that mean a file could not be read at all (as opposed to one bad entry). */
const UNREADABLE = new Set(["config:parse", "config:read", "config:missing-file", "config:shape"]);

export interface MergedReload {
  loaded: LoadedConfig;
  /** Files whose previous servers were kept, with the finding that made it so. */
  kept: { file: string; finding: ConfigFinding }[];
}

/** `next`, with the previous servers of every file that is now unreadable put back in their place. */
export function keepLastGoodServers(previous: LoadedConfig, next: LoadedConfig): MergedReload {
  const kept: MergedReload["kept"] = [];
  const servers = [...next.servers];
  const ids = new Set(servers.map((s) => s.id));
  for (const file of next.files) {
    const finding = next.findings.find((f) => f.file === file && f.severity === "error" && UNREADABLE.has(f.code) && f.serverId === undefined);
    if (!finding) continue;
    const before = previous.servers.filter((s) => s.source.file === file && !ids.has(s.id));
    if (before.length === 0) continue;
    kept.push({ file, finding });
    for (const server of before) {
      servers.push(server);
      ids.add(server.id);
    }
  }
  return { loaded: { ...next, servers }, kept };
}

export interface ReloadChange {
  added: string[];
  removed: string[];
  changed: string[];
}

/** One sentence: which files changed, what that did to the servers, and what was kept and why. */
export function describeReload(files: string[], change: ReloadChange, kept: MergedReload["kept"]): string {
  const names = files.map((file) => path.basename(path.dirname(file)) + path.sep + path.basename(file)).join(", ");
  const parts: string[] = [];
  const list = (ids: string[]) => ids.map((id) => `"${id}"`).join(", ");
  if (change.added.length) parts.push(`added ${list(change.added)}`);
  if (change.removed.length) parts.push(`removed ${list(change.removed)}`);
  if (change.changed.length) parts.push(`restarted ${list(change.changed)} (its entry changed)`);
  let message = `${names} changed on disk: ${parts.length ? parts.join("; ") : "no server changed"}.`;
  for (const { file, finding } of kept) {
    const where = finding.line !== undefined ? `${file}:${finding.line}:${finding.column ?? 1}` : file;
    message += ` ${where}: ${finding.message}; its servers stay as they were until it reads again.`;
  }
  return message;
}
