/**
 * The browser store (zustand 5, "Next.js guide" + "slices pattern"): a factory so every
 * provider gets its own store, slices combined in exactly one place below, and the table of SSE
 * event types the provider routes to slice actions.
 */
import { createStore, type StoreApi } from "zustand/vanilla";
import { createFleetSlice, type FleetSlice } from "./fleet-slice";
import { createUiSlice, type UiSlice } from "./ui-slice";
import { createHistorySlice, type HistorySlice } from "./history-slice";
import { createPermissionsSlice, type PermissionsSlice } from "./permissions-slice";
import { createCallsSlice, type CallsEvent, type CallsSlice } from "./calls-slice";
import { createCostSlice, type CostSlice } from "./cost-slice";

/** The intersection of every slice (`State & Actions`). */
export type FleetStore = FleetSlice &
  UiSlice &
  HistorySlice &
  PermissionsSlice &
  CallsSlice &
  CostSlice;

export type FleetStoreApi = StoreApi<FleetStore>;

export function createFleetStore(): FleetStoreApi {
  return createStore<FleetStore>()((...a) => ({
    ...createFleetSlice(...a),
    ...createUiSlice(...a),
    ...createHistorySlice(...a),
    ...createPermissionsSlice(...a),
    ...createCallsSlice(...a),
    ...createCostSlice(...a),
  }));
}

/** SSE event type -> the slice action that takes its data (`fleet` is the FleetState). */
export const EVENT_HANDLERS: Record<string, (store: FleetStoreApi, data: unknown) => void> = {
  fleet: (store, data) => store.getState().receiveFleet(data as FleetSlice["fleet"] & object),
  history: (store, data) => store.getState().receiveHistoryEvent(data as Parameters<HistorySlice["receiveHistoryEvent"]>[0]),
  permissions: (store, data) => store.getState().receivePermissions(data as Parameters<PermissionsSlice["receivePermissions"]>[0]),
  calls: (store, data) => store.getState().receiveCallsEvent(data as CallsEvent),
};

/** Loads run once when the provider mounts: the fleet; every other view loads when its page opens. */
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
