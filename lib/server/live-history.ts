/**
 * The history of the server's live fleet: one store per process for the context's data folder, fed
 * every settled fleet state (a fleet still connecting is not drift) once the state's `fleet` event is
 * on its way (recording a 10,000-tool state takes a while), its drift published as `history`
 * events (the store tells us whoever records: the manager's states, the report and "accept as
 * baseline" routes). A history.db that cannot be opened is kept as an error for the history API, one
 * that cannot be written for a while is retried (history-recorder.ts); both are told as fleet
 * notices, and the fleet keeps running.
 */
import "server-only";

import { FleetError } from "@/lib/errors";
import type { FleetManager } from "@/lib/fleet/manager";
import type { FleetState } from "@/lib/fleet/types";
import { HistoryStore } from "@/lib/history/store";
import type { HistoryEventPayload } from "@/lib/history/types";
import { publishEvent } from "./event-bus";
import { HistoryRecorder } from "./history-recorder";
import { logServerError } from "./log";

const KEY = Symbol.for("mcp-fleet.history");
/** A write waits this long for another process's lock before the recorder backs off and retries. */
const LIVE_BUSY_TIMEOUT_MS = 250;

interface LiveHistory {
  dataDir: string;
  store: HistoryStore | null;
  error: FleetError | null;
}

type WithHistory = typeof globalThis & { [KEY]?: LiveHistory };

/** Opens `<dataDir>/history.db` and records every settled state the manager publishes. Once per process. */
export function attachHistory(manager: FleetManager, dataDir: string): void {
  const g = globalThis as WithHistory;
  if (g[KEY]) return;
  const live: LiveHistory = { dataDir, store: null, error: null };
  g[KEY] = live;
  try {
    // The live server must not block its event loop waiting for another process's lock: the recorder retries.
    live.store = HistoryStore.open(dataDir, {
      busyTimeoutMs: LIVE_BUSY_TIMEOUT_MS,
      onDrift: (events) => publishEvent("history", { events } satisfies HistoryEventPayload),
    });
  } catch (error) {
    live.error = error instanceof FleetError ? error : new FleetError("unavailable", "history", String(error));
    logServerError("history", live.error);
    manager.notify({ tone: "bad", code: "history:unavailable", message: live.error.message });
    return;
  }
  const store = live.store;
  const recorder = new HistoryRecorder(store, {
    problem: (message, file) => {
      logServerError("history record", message);
      manager.notify({ tone: "bad", code: "history:unavailable", message, file });
    },
    recovered: (message, file) => manager.notify({ tone: "good", code: "history:recovered", message, file }),
  });
  const record = (state: FleetState) => {
    if (state.settled && !manager.isClosed) recorder.record(state.snapshot);
  };
  // After the announcement's other work (the `fleet` event a page waits for), in announcement order.
  manager.subscribe((state) => void setImmediate(record, state));
  record(manager.getState());
}

/** The attached store; a FleetError (503 `unavailable:history`) naming the file when it could not be opened. */
export function attachedHistoryStore(): HistoryStore {
  const live = (globalThis as WithHistory)[KEY];
  if (!live) throw new FleetError("unavailable", "history", "The history is not started yet.");
  if (live.error) throw live.error;
  return live.store!;
}
