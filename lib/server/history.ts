/**
 * What the history routes do once their input is checked: the few steps that combine the store, the
 * live fleet and the lock file, so each route.ts is parse -> call -> respond.
 */
import "server-only";

import { FleetError } from "@/lib/errors";
import { buildLock, type SkippedServer } from "@/lib/history/lock";
import { writeLockFile } from "@/lib/history/lock-file";
import { renderReport } from "@/lib/history/report";
import type { HistoryStore } from "@/lib/history/store";
import type { Baseline, ReviewState, ToolVersionDiff } from "@/lib/history/types";
import type { FleetContext } from "./context";

/** The diff between two versions; without `from`/`to`, the last two (or the only one against itself). */
export function toolDiff(store: HistoryStore, serverId: string, toolName: string, range: { from?: number; to?: number } = {}): ToolVersionDiff {
  const versions = store.toolVersions(serverId, toolName);
  if (versions.length === 0) throw new FleetError("not_found", "history", `no history for tool "${toolName}" on server "${serverId}"`);
  const toId = range.to ?? versions[versions.length - 1].id;
  const fromId = range.from ?? versions[Math.max(0, versions.length - 2)].id;
  return store.diff(serverId, toolName, fromId, toId);
}

/** "Accept as baseline": record the live fleet, write the lock file from it, mark everything reviewed. */
export function acceptBaseline(
  store: HistoryStore,
  context: FleetContext,
): { baseline: Baseline; lockFile: string; skipped: SkippedServer[]; review: ReviewState } {
  if (!context.lockFile) {
    throw new FleetError("conflict", "review", "This fleet has no primary config file, so there is no place for mcp-fleet.lock.json.");
  }
  const { snapshot } = context.manager.getState();
  store.record(snapshot);
  const { lock, skipped } = buildLock(snapshot);
  writeLockFile(context.lockFile, lock);
  const baseline = store.acceptBaseline(snapshot.fleetHash, context.lockFile);
  return { baseline, lockFile: context.lockFile, skipped, review: store.review() };
}

/** The weekly review as Markdown, with the live fleet recorded first; `since` for a fixed window. */
export function reportMarkdown(store: HistoryStore, context: FleetContext, since?: string): string {
  const { snapshot } = context.manager.getState();
  store.record(snapshot);
  const review = store.review();
  return renderReport({
    generatedAt: store.timestamp(),
    since: since ?? review.lastReviewedAt,
    scope: since ? "since" : "review",
    events: since ? store.events({ since, limit: 50_000 }).reverse() : review.events,
    snapshot,
  });
}
