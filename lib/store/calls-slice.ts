/**
 * The calls slice ("Try a tool"): per tool, the Try it target and this session's calls as the server keeps
 * them (server truth: every call is an API request, and a `calls` event reloads the tool it names), and
 * the calls this page has running, so their Cancel buttons work.
 */
import type { StateCreator } from "zustand";
import { apiRequest, type ClientError } from "@/lib/api-client";
import type { CallAnswer, CallRecord, TryTarget } from "@/lib/calls/types";
import type { ClientChoice } from "@/lib/clients";
import type { ActionResult, LoadStatus } from "./fleet-slice";
import type { FleetStore } from "./store";

export interface ToolCalls {
  status: LoadStatus;
  target: TryTarget | null;
  /** Newest first. */
  calls: CallRecord[];
  error: ClientError | null;
}

/** A call as the panel asks for it (`POST /api/calls`). */
export interface CallRequest {
  id: string;
  client: ClientChoice;
  name: string;
  arguments: unknown;
  confirmed?: boolean;
  force?: boolean;
  timeoutMs?: number;
}

/** What a `calls` event says: which call of which tool changed. */
export interface CallsEvent {
  id: string;
  serverId: string | null;
  toolName: string | null;
  status: string;
}

export interface CallsSliceState {
  /** Keyed by `<server>\u0000<tool>`. */
  toolCalls: Record<string, ToolCalls>;
  /** Call ids this page is waiting for. */
  runningCalls: Record<string, true>;
}

export interface CallsSliceActions {
  loadToolCalls: (serverId: string, toolName: string) => Promise<void>;
  /** Sends a call and waits for its end (or the ask rule's question); the tool's calls are reloaded. */
  makeCall: (serverId: string, toolName: string, request: CallRequest) => Promise<(ActionResult & { answer?: undefined }) | { ok: true; answer: CallAnswer }>;
  cancelCall: (id: string) => Promise<ActionResult>;
  receiveCallsEvent: (event: CallsEvent) => void;
}

export type CallsSlice = CallsSliceState & CallsSliceActions;

export const callsKey = (serverId: string, toolName: string) => `${serverId}\u0000${toolName}`;
const EMPTY: ToolCalls = { status: "idle", target: null, calls: [], error: null };

export const createCallsSlice: StateCreator<FleetStore, [], [], CallsSlice> = (set, get) => {
  const patch = (key: string, value: Partial<ToolCalls>) => set((s) => ({ toolCalls: { ...s.toolCalls, [key]: { ...(s.toolCalls[key] ?? EMPTY), ...value } } }));
  const running = (id: string, on: boolean) =>
    set((s) => {
      const next = { ...s.runningCalls };
      if (on) next[id] = true;
      else delete next[id];
      return { runningCalls: next };
    });

  return {
    toolCalls: {},
    runningCalls: {},

    loadToolCalls: async (serverId, toolName) => {
      const key = callsKey(serverId, toolName);
      if (!get().toolCalls[key]) patch(key, { status: "loading" });
      const query = new URLSearchParams({ server: serverId, tool: toolName });
      const result = await apiRequest<{ calls: CallRecord[]; target: TryTarget | null }>("GET", `/api/calls?${query}`);
      if (result.ok) patch(key, { status: "ready", target: result.data.target, calls: result.data.calls, error: null });
      else patch(key, { status: "error", error: result.error });
    },

    makeCall: async (serverId, toolName, request) => {
      running(request.id, true);
      try {
        const result = await apiRequest<CallAnswer>("POST", "/api/calls", request);
        void get().loadToolCalls(serverId, toolName);
        return result.ok ? { ok: true, answer: result.data } : { ok: false, error: result.error };
      } finally {
        running(request.id, false);
      }
    },

    cancelCall: async (id) => {
      const result = await apiRequest<{ cancelled: boolean }>("POST", `/api/calls/${encodeURIComponent(id)}/cancel`);
      return result.ok ? { ok: true } : { ok: false, error: result.error };
    },

    receiveCallsEvent: (event) => {
      if (!event || typeof event.serverId !== "string" || typeof event.toolName !== "string") return;
      // Only a tool whose panel was opened follows along.
      if (get().toolCalls[callsKey(event.serverId, event.toolName)]) void get().loadToolCalls(event.serverId, event.toolName);
    },
  };
};
