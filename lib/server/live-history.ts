/**
 * Wires the history into the server's live fleet (issue 5): one store per process for the context's
 * data folder, fed every new fleet state, publishing `history` events when drift is recorded. A
 * history.db that cannot be opened is kept as an error for the history API; the fleet keeps running.
 */
import "server-only";
import type { FleetManager } from "@/lib/fleet/manager";
import type { FleetState } from "@/lib/fleet/types";
import { FleetError } from "@/lib/errors";
import { publishEvent } from "@/lib/server/event-bus";
import { logServerError } from "@/lib/server/log";
import { HistoryStore } from "@/lib/history/store";
import type { HistoryEventPayload } from "@/lib/history/types";

const KEY = Symbol.for("mcp-fleet.history");

interface LiveHistory {
  dataDir: string;
  store: HistoryStore | null;
  error: FleetError | null;
}

type WithHistory = typeof globalThis & { [KEY]?: LiveHistory };

/** Opens `<dataDir>/history.db` and records every state the manager publishes. Once per process. */
export function attachHistory(manager: FleetManager, dataDir: string): void {
  const g = globalThis as WithHistory;
  if (g[KEY]) return;
  const live: LiveHistory = { dataDir, store: null, error: null };
  g[KEY] = live;
  try {
    live.store = HistoryStore.open(dataDir);
  } catch (error) {
    live.error = error instanceof FleetError ? error : new FleetError("unavailable", "history", String(error));
    logServerError("history", live.error);
    return;
  }
  const store = live.store;
  // Every record into the live store publishes its events, whoever calls it: the report and "accept as
  // baseline" routes record the live fleet themselves, and a drift they catch first (before the
  // manager's announcement reaches the listener below) would otherwise be in the database but never live.
  const recordInStore = store.record.bind(store);
  store.record = (snapshot) => {
    const result = recordInStore(snapshot);
    if (result.events.length > 0) publishEvent("history", { events: result.events } satisfies HistoryEventPayload);
    return result;
  };
  const record = (state: FleetState) => {
    try {
      store.record(state.snapshot);
    } catch (error) {
      logServerError("history record", error);
    }
  };
  manager.subscribe(record);
  record(manager.getState());
}

/** The attached store; a FleetError (503 `unavailable:history`) naming the file when it could not be opened. */
export function attachedHistoryStore(): HistoryStore {
  const live = (globalThis as WithHistory)[KEY];
  if (!live) throw new FleetError("unavailable", "history", "The history is not started yet.");
  if (live.error) throw live.error;
  return live.store!;
}
