/**
 * The browser store (zustand 5, "Next.js guide" + "slices pattern"): a factory so every
 * provider gets its own store, slices combined in exactly one place below, only the UI preference
 * persisted (`partialize`, `version`), and the table of SSE event types the provider routes to slice actions.
 */
import { createStore, type StoreApi } from "zustand/vanilla";
import { createJSONStorage, persist, type StateStorage } from "zustand/middleware";
import { isClientChoice } from "@/lib/clients/choices";
import { createFleetSlice, type FleetSlice } from "./fleet-slice";
import { createUiSlice, type UiSlice } from "./ui-slice";
import { createHistorySlice, type HistorySlice } from "./history-slice";
import { createPermissionsSlice, type PermissionsSlice } from "./permissions-slice";
import { createCallsSlice, type CallsEvent, type CallsSlice } from "./calls-slice";
import { createCostSlice, type CostSlice } from "./cost-slice";
import type { FleetChange } from "@/lib/server/page-state";

/** The intersection of every slice (`State & Actions`). */
export type FleetStore = FleetSlice &
  UiSlice &
  HistorySlice &
  PermissionsSlice &
  CallsSlice &
  CostSlice;

export type FleetStoreApi = StoreApi<FleetStore> & { persist?: { rehydrate: () => Promise<void> | void } };

/** The preference as stored (bump `version` when its shape changes). */
type Persisted = Pick<FleetStore, "preferredClient">;
export const PREFERENCES_KEY = "mcp-fleet-preferences";

// Server rendering and tests have no localStorage: nothing is kept there, and nothing warns.
const noStorage: StateStorage = { getItem: () => null, setItem: () => {}, removeItem: () => {} };

export function createFleetStore(storage?: StateStorage): FleetStoreApi {
  return createStore<FleetStore>()(
    persist(
      (...a) => ({
        ...createFleetSlice(...a),
        ...createUiSlice(...a),
        ...createHistorySlice(...a),
        ...createPermissionsSlice(...a),
        ...createCallsSlice(...a),
        ...createCostSlice(...a),
      }),
      {
        name: PREFERENCES_KEY,
        version: 1,
        storage: createJSONStorage(() => storage ?? (typeof window === "undefined" ? noStorage : window.localStorage)),
        partialize: (state): Persisted => ({ preferredClient: state.preferredClient }),
        // A stored value from another version of the app is checked, never trusted.
        merge: (stored, current) => {
          const client = (stored as Partial<Persisted> | null)?.preferredClient;
          return typeof client === "string" && isClientChoice(client) ? { ...current, preferredClient: client } : current;
        },
        // The provider rehydrates after mounting, so the server's HTML and the first client render agree.
        skipHydration: true,
      },
    ),
  );
}

/** SSE event type -> the slice action that takes its data (`fleet` is a FleetChange). */
export const EVENT_HANDLERS: Record<string, (store: FleetStoreApi, data: unknown) => void> = {
  fleet: (store, data) => void store.getState().receiveFleetChange(data as FleetChange),
  history: (store, data) => store.getState().receiveHistoryEvent(data as Parameters<HistorySlice["receiveHistoryEvent"]>[0]),
  permissions: (store, data) => store.getState().receivePermissions(data as Parameters<PermissionsSlice["receivePermissions"]>[0]),
  calls: (store, data) => store.getState().receiveCallsEvent(data as CallsEvent),
};

/** Loads run once when the provider mounts: the fleet index; every other view loads when its page opens. */
export const STARTUP_LOADS: Array<(store: FleetStoreApi) => Promise<void> | void> = [
  (store) => store.getState().loadFleet(),
];

/**
 * After the event stream reconnects it may have missed events: reload the fleet and every view that
 * was already loaded (history, review, permissions, a tool's calls), so nothing sent during the gap is lost.
 */
export function resyncAfterReconnect(store: FleetStoreApi): void {
  const state = store.getState();
  void state.loadFleet();
  if (state.historyStatus !== "idle") void state.loadHistory();
  if (state.review !== null) void state.loadReview();
  if (state.permissions !== null) void state.loadPermissions();
  for (const key of Object.keys(state.toolCalls)) {
    const [serverId, toolName] = key.split("\u0000");
    void state.loadToolCalls(serverId, toolName);
  }
}
