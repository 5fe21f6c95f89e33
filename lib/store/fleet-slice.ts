/**
 * The fleet slice: the latest fleet index the server sent (lib/server/page-state.ts; never edited
 * locally: server truth flows down), kept current by applying each `fleet` event's changes and fetched
 * again whole after any gap; each tool's full detail, fetched when a page asks and again when an event
 * says the tool changed; the load and live-stream status; the actions that ask the API to change the
 * fleet (the next event brings the result).
 */
import type { StateCreator } from "zustand";
import * as api from "@/lib/api-client";
import type { ApiResult, ClientError, StreamStatus } from "@/lib/api-client";
import { applyFleetChange, type FleetChange, type FleetIndex, type ToolDetail } from "@/lib/server/page-state";
import type { FleetStore } from "./store";

export type LoadStatus = "idle" | "loading" | "ready" | "error";

/** What an action returns: the server's error as a value, shown next to the control that caused it. */
export type ActionResult = { ok: true } | { ok: false; error: ClientError };

/** One tool's detail as the page shows it: loading, loaded, or why not. */
export interface ToolDetailState {
  status: LoadStatus;
  detail: ToolDetail | null;
  error: ClientError | null;
}

export interface FleetSliceState {
  fleet: FleetIndex | null;
  fleetStatus: LoadStatus;
  fleetError: ClientError | null;
  stream: StreamStatus;
  /** Server ids with a request in flight (add, remove, reconnect), to disable their buttons. */
  pending: Record<string, true>;
  /** Time of the newest server notice already shown (null before the first state). */
  seenNoticeAt: string | null;
  /** By detail key (`detailKey`). */
  toolDetails: Record<string, ToolDetailState>;
}

export interface FleetSliceActions {
  /** Fetches the index; calls made while one is in flight share it (and one more follows, for what they missed). */
  loadFleet: () => Promise<void>;
  /** Takes a whole index; an older one (same run of the server) never replaces a newer one. */
  receiveFleet: (index: FleetIndex) => void;
  /** A `fleet` event: applied onto the index held when it follows it, else the index is fetched again. */
  receiveFleetChange: (change: FleetChange) => Promise<void>;
  loadToolDetail: (serverId: string, toolName: string, occurrence?: number) => Promise<void>;
  setStream: (status: StreamStatus) => void;
  addServer: (id: string, config: unknown) => Promise<ActionResult>;
  removeServer: (id: string) => Promise<ActionResult>;
  /** `timeoutMs`: reconnect with a longer timeout (a slow first start). */
  reconnectServer: (id: string, opts?: { timeoutMs?: number }) => Promise<ActionResult>;
  refreshFleet: () => Promise<ActionResult>;
}

export type FleetSlice = FleetSliceState & FleetSliceActions;

/** The key of a tool's detail: its index key (`server:tool`, `#n` for the n-th of a name listed twice). */
export function detailKey(serverId: string, toolName: string, occurrence = 1): string {
  return occurrence === 1 ? `${serverId}:${toolName}` : `${serverId}:${toolName}#${occurrence}`;
}

function asAction(result: ApiResult<unknown>): ActionResult {
  return result.ok ? { ok: true } : { ok: false, error: result.error };
}

export const createFleetSlice: StateCreator<FleetStore, [], [], FleetSlice> = (set, get) => {
  let inflight: Promise<void> | null = null;
  let again = false;
  /** Where each detail was asked for, so a change can fetch it again. */
  const detailArgs = new Map<string, [string, string, number]>();

  async function withPending(key: string, run: () => Promise<ApiResult<unknown>>): Promise<ActionResult> {
    set((s) => ({ pending: { ...s.pending, [key]: true } }));
    try {
      const result = await run();
      // The stream usually delivers the change first; reloading covers a dropped stream.
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

  /** Announces the server's newest notice, as `receiveFleet` always has. */
  function noticesOf(index: FleetIndex) {
    const newest = index.notices?.at(-1);
    const seen = get().seenNoticeAt;
    if (newest && (seen === null ? newest.tone === "bad" : newest.time > seen)) get().notify(newest.tone, newest.message);
    if (seen === null || (newest && newest.time > seen)) set({ seenNoticeAt: newest?.time ?? "" });
  }

  function reloadDetails(keys: Iterable<string>) {
    for (const key of keys) {
      const args = detailArgs.get(key);
      if (args && get().toolDetails[key]) void get().loadToolDetail(...args);
    }
  }

  async function fetchIndex(): Promise<void> {
    do {
      again = false;
      if (get().fleet === null) set({ fleetStatus: "loading" });
      const result = await api.fetchFleetIndex();
      if (result.ok) {
        const before = get().fleet;
        get().receiveFleet(result.data);
        // Whatever was missed may have changed an open tool's detail.
        if (before && before !== get().fleet) reloadDetails(Object.keys(get().toolDetails));
      } else set({ fleetStatus: get().fleet ? "ready" : "error", fleetError: result.error });
    } while (again);
  }

  return {
    fleet: null,
    fleetStatus: "idle",
    fleetError: null,
    stream: "closed",
    pending: {},
    seenNoticeAt: null,
    toolDetails: {},

    loadFleet: () => {
      if (inflight) {
        again = true;
        return inflight;
      }
      inflight = fetchIndex().finally(() => {
        inflight = null;
      });
      return inflight;
    },
    receiveFleet: (index) => {
      const current = get().fleet;
      if (current && current.epoch === index.epoch && index.version < current.version) return;
      set({ fleet: index, fleetStatus: "ready", fleetError: null });
      noticesOf(index);
    },
    receiveFleetChange: async (change) => {
      // The first index is on its way: judge the change against it once it is here.
      if (inflight && get().fleet === null) await inflight;
      const outcome = applyFleetChange(get().fleet, change);
      if (outcome.kind === "fetch") return get().loadFleet();
      if (outcome.kind === "held") return;
      set({ fleet: outcome.index, fleetStatus: "ready", fleetError: null });
      noticesOf(outcome.index);
      if (change.tools) reloadDetails([...change.tools.changed.map((t) => t.key), ...change.tools.removed]);
    },
    loadToolDetail: async (serverId, toolName, occurrence = 1) => {
      const key = detailKey(serverId, toolName, occurrence);
      detailArgs.set(key, [serverId, toolName, occurrence]);
      const patch = (value: Partial<ToolDetailState>) =>
        set((s) => ({ toolDetails: { ...s.toolDetails, [key]: { ...(s.toolDetails[key] ?? { status: "idle", detail: null, error: null }), ...value } } }));
      if (!get().toolDetails[key]) patch({ status: "loading" });
      const result = await api.fetchToolDetail(serverId, toolName, occurrence);
      if (result.ok) patch({ status: "ready", detail: result.data, error: null });
      else patch({ status: "error", detail: null, error: result.error });
    },
    setStream: (stream) => set({ stream }),
    addServer: (id, config) => withPending(`add:${id}`, () => api.addServer(id, config)),
    removeServer: (id) => withPending(id, () => api.removeServer(id)),
    reconnectServer: (id, opts) => withPending(id, () => api.reconnectServer(id, opts)),
    refreshFleet: () => withPending("refresh", () => api.refreshFleet()),
  };
};
