/**
 * The history store of the running dashboard, for route handlers: starts the fleet context (which
 * attaches the history) and returns its store.
 */
import "server-only";
import { getFleetContext, type FleetContext } from "@/lib/server/context";
import { attachHistory, attachedHistoryStore } from "./live-history";
import type { HistoryStore } from "@/lib/history/store";

export async function getHistory(): Promise<{ context: FleetContext; store: HistoryStore }> {
  const context = await getFleetContext();
  // context.ts attaches it; this covers a context created before the history existed (dev reloads).
  attachHistory(context.manager, context.dataDir);
  return { context, store: attachedHistoryStore() };
}
