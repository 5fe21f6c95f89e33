/**
 * The history slice: drift events as the server sent them (live via the `history` SSE
 * event), the review queue, the Markdown report, and per-tool version timelines and diffs. Server
 * truth flows down: every change is an API call, then a reload or the next event.
 */
import type { StateCreator } from "zustand";
import { apiRequest, type ClientError } from "@/lib/api-client";
import type { DriftEvent, HistoryEventPayload, ReviewState, ToolVersion, ToolVersionDiff } from "@/lib/history/types";
import type { ActionResult, LoadStatus } from "./fleet-slice";
import type { FleetStore } from "./store";

export interface ToolHistory {
  status: LoadStatus;
  versions: ToolVersion[];
  error: ClientError | null;
  diff: ToolVersionDiff | null;
  diffError: ClientError | null;
}

export interface HistorySliceState {
  historyEvents: DriftEvent[];
  historyStatus: LoadStatus;
  historyError: ClientError | null;
  review: ReviewState | null;
  reviewStatus: LoadStatus;
  reviewError: ClientError | null;
  report: string | null;
  reportError: ClientError | null;
  /** Keyed by `<server>\u0000<tool>`. */
  toolHistory: Record<string, ToolHistory>;
}

export interface HistorySliceActions {
  loadHistory: () => Promise<void>;
  /** A `history` SSE event: new drift events, newest first after merging. */
  receiveHistoryEvent: (payload: HistoryEventPayload) => void;
  loadReview: () => Promise<void>;
  markReviewed: (target: number[] | "all") => Promise<ActionResult>;
  acceptBaseline: () => Promise<ActionResult & { lockFile?: string }>;
  loadReport: () => Promise<void>;
  loadToolHistory: (serverId: string, toolName: string) => Promise<void>;
  loadToolDiff: (serverId: string, toolName: string, from: number, to: number) => Promise<void>;
}

export type HistorySlice = HistorySliceState & HistorySliceActions;

export const toolKey = (serverId: string, toolName: string) => `${serverId}\u0000${toolName}`;
const toolPath = (serverId: string, toolName: string) =>
  `/api/history/tools/${encodeURIComponent(serverId)}/${encodeURIComponent(toolName)}`;
const EMPTY_TOOL: ToolHistory = { status: "idle", versions: [], error: null, diff: null, diffError: null };

function mergeEvents(current: DriftEvent[], incoming: DriftEvent[]): DriftEvent[] {
  const byId = new Map(current.map((e) => [e.id, e]));
  for (const e of incoming) byId.set(e.id, e);
  return [...byId.values()].sort((a, b) => b.id - a.id);
}

export const createHistorySlice: StateCreator<FleetStore, [], [], HistorySlice> = (set, get) => {
  const patchTool = (key: string, patch: Partial<ToolHistory>) =>
    set((s) => ({ toolHistory: { ...s.toolHistory, [key]: { ...(s.toolHistory[key] ?? EMPTY_TOOL), ...patch } } }));

  return {
    historyEvents: [],
    historyStatus: "idle",
    historyError: null,
    review: null,
    reviewStatus: "idle",
    reviewError: null,
    report: null,
    reportError: null,
    toolHistory: {},

    loadHistory: async () => {
      if (get().historyStatus !== "ready") set({ historyStatus: "loading" });
      const result = await apiRequest<{ events: DriftEvent[] }>("GET", "/api/history");
      if (result.ok) set({ historyEvents: mergeEvents(get().historyEvents, result.data.events), historyStatus: "ready", historyError: null });
      else set({ historyStatus: "error", historyError: result.error });
    },

    receiveHistoryEvent: (payload) => {
      if (!payload || !Array.isArray(payload.events)) return;
      set((s) => ({ historyEvents: mergeEvents(s.historyEvents, payload.events) }));
      // Views that are open follow along: the review queue and any tool timeline of a changed tool.
      if (get().review) void get().loadReview();
      for (const e of payload.events) {
        if (get().toolHistory[toolKey(e.serverId, e.toolName)]) void get().loadToolHistory(e.serverId, e.toolName);
      }
    },

    loadReview: async () => {
      if (!get().review) set({ reviewStatus: "loading" });
      const result = await apiRequest<ReviewState>("GET", "/api/review");
      if (result.ok) set({ review: result.data, reviewStatus: "ready", reviewError: null });
      else set({ reviewStatus: "error", reviewError: result.error });
    },

    markReviewed: async (target) => {
      const result = await apiRequest<{ marked: number; review: ReviewState }>("POST", "/api/review", target === "all" ? { all: true } : { eventIds: target });
      if (!result.ok) return { ok: false, error: result.error };
      set({ review: result.data.review, report: null });
      void get().loadHistory();
      return { ok: true };
    },

    acceptBaseline: async () => {
      const result = await apiRequest<{ review: ReviewState; lockFile: string }>("POST", "/api/review/baseline");
      if (!result.ok) return { ok: false, error: result.error };
      set({ review: result.data.review, report: null });
      void get().loadHistory();
      return { ok: true, lockFile: result.data.lockFile };
    },

    loadReport: async () => {
      const result = await apiRequest<{ markdown: string }>("GET", "/api/report?format=json");
      if (result.ok) set({ report: result.data.markdown, reportError: null });
      else set({ reportError: result.error });
    },

    loadToolHistory: async (serverId, toolName) => {
      const key = toolKey(serverId, toolName);
      if (!get().toolHistory[key]) patchTool(key, { status: "loading" });
      const result = await apiRequest<{ versions: ToolVersion[] }>("GET", toolPath(serverId, toolName));
      if (result.ok) patchTool(key, { status: "ready", versions: result.data.versions, error: null });
      else patchTool(key, { status: "error", error: result.error });
    },

    loadToolDiff: async (serverId, toolName, from, to) => {
      const key = toolKey(serverId, toolName);
      const result = await apiRequest<ToolVersionDiff>("GET", `${toolPath(serverId, toolName)}/diff?from=${from}&to=${to}`);
      if (result.ok) patchTool(key, { diff: result.data, diffError: null });
      else patchTool(key, { diffError: result.error });
    },
  };
};
