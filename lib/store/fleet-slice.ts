/**
 * The fleet slice: the latest FleetState the server sent (never edited locally: server truth flows
 * down), its load status, the live-stream status, and the actions that ask the API
 * to change the fleet. The next `event: fleet` brings the result.
 */
import type { StateCreator } from "zustand";
import * as api from "@/lib/api-client";
import type { ApiResult, ClientError, StreamStatus } from "@/lib/api-client";
import type { FleetState } from "@/lib/fleet/types";
import type { FleetStore } from "./store";

export type LoadStatus = "idle" | "loading" | "ready" | "error";

/** What an action returns: the server's error as a value, shown next to the control that caused it. */
export type ActionResult = { ok: true } | { ok: false; error: ClientError };

export interface FleetSliceState {
  fleet: FleetState | null;
  fleetStatus: LoadStatus;
  fleetError: ClientError | null;
  stream: StreamStatus;
  /** Server ids with a request in flight (add, remove, reconnect), to disable their buttons. */
  pending: Record<string, true>;
  /** Time of the newest server notice already shown (null before the first state). */
  seenNoticeAt: string | null;
}

export interface FleetSliceActions {
  loadFleet: () => Promise<void>;
  /** Applies a state from the API or the event stream; an older version never replaces a newer one. */
  receiveFleet: (state: FleetState) => void;
  setStream: (status: StreamStatus) => void;
  addServer: (id: string, config: unknown) => Promise<ActionResult>;
  removeServer: (id: string) => Promise<ActionResult>;
  /** `timeoutMs`: reconnect with a longer timeout (a slow first start). */
  reconnectServer: (id: string, opts?: { timeoutMs?: number }) => Promise<ActionResult>;
  refreshFleet: () => Promise<ActionResult>;
}

export type FleetSlice = FleetSliceState & FleetSliceActions;

function asAction(result: ApiResult<unknown>): ActionResult {
  return result.ok ? { ok: true } : { ok: false, error: result.error };
}

export const createFleetSlice: StateCreator<FleetStore, [], [], FleetSlice> = (set, get) => {
  async function withPending(key: string, run: () => Promise<ApiResult<unknown>>): Promise<ActionResult> {
    set((s) => ({ pending: { ...s.pending, [key]: true } }));
    try {
      const result = await run();
      // The stream usually delivers the new state first; reloading covers a dropped stream.
      if (result.ok && get().stream !== "open") await get().loadFleet();
      return asAction(result);
    } finally {
      set((s) => {
        const pending = { ...s.pending };
        delete pending[key];
        return { pending };
      });
    }
  }

  return {
    fleet: null,
    fleetStatus: "idle",
    fleetError: null,
    stream: "closed",
    pending: {},
    seenNoticeAt: null,

    loadFleet: async () => {
      if (get().fleet === null) set({ fleetStatus: "loading" });
      const result = await api.fetchFleet();
      if (result.ok) get().receiveFleet(result.data);
      else set({ fleetStatus: get().fleet ? "ready" : "error", fleetError: result.error });
    },
    receiveFleet: (state) => {
      const current = get().fleet;
      if (current && state.version < current.version && state.generatedAt <= current.generatedAt) return;
      set({ fleet: state, fleetStatus: "ready", fleetError: null });
      // The server's notices (a config reload, a history problem) go to the notice bar: each new one as it
      // comes; on the first state only an unresolved problem, not what happened before the page opened.
      const newest = state.notices?.at(-1);
      const seen = get().seenNoticeAt;
      if (newest && (seen === null ? newest.tone === "bad" : newest.time > seen)) get().notify(newest.tone, newest.message);
      if (seen === null || (newest && newest.time > seen)) set({ seenNoticeAt: newest?.time ?? "" });
    },
    setStream: (stream) => set({ stream }),
    addServer: (id, config) => withPending(`add:${id}`, () => api.addServer(id, config)),
    removeServer: (id) => withPending(id, () => api.removeServer(id)),
    reconnectServer: (id, opts) => withPending(id, () => api.reconnectServer(id, opts)),
    refreshFleet: () => withPending("refresh", () => api.refreshFleet()),
  };
};
