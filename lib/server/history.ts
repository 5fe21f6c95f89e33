/**
 * What the history routes do (issue 5 API), so each route.ts is parse -> call -> respond: query and
 * body schemas, and the few steps that combine the store, the live fleet and the lock file.
 */
import "server-only";
import { z } from "zod";
import { FleetError } from "@/lib/errors";
import type { FleetContext } from "@/lib/server/context";
import { buildLock, type SkippedServer } from "@/lib/history/lock";
import { writeLockFile } from "@/lib/history/lock-file";
import { renderReport } from "@/lib/history/report";
import type { HistoryStore } from "@/lib/history/store";
import { DRIFT_KINDS, type Baseline, type EventFilter, type ReviewState, type ToolVersionDiff } from "@/lib/history/types";

const isoTime = z
  .string()
  .refine((s) => !Number.isNaN(Date.parse(s)), "an ISO date or time, e.g. 2026-11-23T09:00:00Z")
  .transform((s) => new Date(Date.parse(s)).toISOString());

/** `?kind=a,b&kind=c&server=&since=&limit=` */
export function parseEventQuery(url: URL): EventFilter {
  const kinds = url.searchParams
    .getAll("kind")
    .flatMap((k) => k.split(","))
    .filter(Boolean);
  return z
    .object({
      kinds: z.array(z.enum(DRIFT_KINDS)).optional(),
      serverId: z.string().min(1).optional(),
      since: isoTime.optional(),
      limit: z.coerce.number().int().min(1).max(50_000).optional(),
    })
    .parse({
      kinds: kinds.length ? kinds : undefined,
      serverId: url.searchParams.get("server") || undefined,
      since: url.searchParams.get("since") || undefined,
      limit: url.searchParams.get("limit") || undefined,
    });
}

export const ReviewBody = z.union([
  z.strictObject({ eventIds: z.array(z.number().int().positive()).min(1).max(50_000) }),
  z.strictObject({ all: z.literal(true) }),
]);
export type ReviewBody = z.infer<typeof ReviewBody>;

/** The diff between two versions; without `from`/`to`, the last two (or the only one against itself). */
export function toolDiff(store: HistoryStore, serverId: string, toolName: string, url: URL): ToolVersionDiff {
  const versions = store.toolVersions(serverId, toolName);
  if (versions.length === 0) throw new FleetError("not_found", "history", `no history for tool "${toolName}" on server "${serverId}"`);
  const id = z.coerce.number().int().positive();
  const from = url.searchParams.get("from");
  const to = url.searchParams.get("to");
  const toId = to ? id.parse(to) : versions[versions.length - 1].id;
  const fromId = from ? id.parse(from) : versions[Math.max(0, versions.length - 2)].id;
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

/** The weekly review as Markdown, with the live fleet recorded first; `?since=` for a fixed window. */
export function reportMarkdown(store: HistoryStore, context: FleetContext, url: URL): string {
  const since = z.object({ since: isoTime.optional() }).parse({ since: url.searchParams.get("since") || undefined }).since;
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
