/**
 * The cost and profiles slice (docs/cost.md, docs/profiles.md): the context cost of one client's view
 * of the fleet or of a profile, Anthropic's count of it when the user asks (never on its own), and
 * every profile at a glance. A profile the server does not know is said in words and the whole fleet
 * is shown instead, so a stale `?profile=` link still shows something true.
 */
import type { StateCreator } from "zustand";
import * as api from "@/lib/api-client";
import type { ClientError } from "@/lib/api-client";
import type { ClientChoice } from "@/lib/clients";
import type { CostReport } from "@/lib/cost/types";
import type { ProfilesView } from "@/lib/profiles/overview";
import type { ActionResult, LoadStatus } from "./fleet-slice";
import type { FleetStore } from "./store";

/** What a cost report was asked for, and what the server could answer. */
export interface CostQuery {
  client: ClientChoice;
  /** The profile asked for (from the URL), or null for the whole fleet. */
  profile: string | null;
}

export interface CostSliceState {
  /** The query the report below answers (the latest asked). */
  costQuery: CostQuery | null;
  cost: CostReport | null;
  costStatus: LoadStatus;
  costError: ClientError | null;
  /** The server's words when the profile asked for is unknown (or its file broken): the report is the whole fleet's. */
  costProfileProblem: string | null;
  /** Anthropic's count of the same tool set (same client, profile and fleet hash), once asked. */
  costCounted: CostReport | null;
  costCounting: boolean;
  costCountError: ClientError | null;
  profiles: ProfilesView | null;
  profilesStatus: LoadStatus;
  profilesError: ClientError | null;
}

export interface CostSliceActions {
  /** Loads the report for a client and profile; an unknown profile falls back to the whole fleet, said in words. */
  loadCost: (client: ClientChoice, profile: string | null) => Promise<void>;
  /** Asks the server to count the current report's tools with Anthropic's count_tokens (the launch environment's key). */
  countCost: () => Promise<ActionResult>;
  loadProfiles: (client: ClientChoice) => Promise<void>;
}

export type CostSlice = CostSliceState & CostSliceActions;

const sameQuery = (a: CostQuery | null, b: CostQuery) => a !== null && a.client === b.client && a.profile === b.profile;

/** A profile the server refused to cost (unknown, a bad name, a broken file): 404 or 400 for a request that named one. */
function isProfileRefusal(error: ClientError): boolean {
  return error.status === 404 || error.status === 400;
}

export const createCostSlice: StateCreator<FleetStore, [], [], CostSlice> = (set, get) => {
  // Only the newest request may write: switching client twice quickly must not show the first answer last.
  let costRequest = 0;
  let profilesRequest = 0;
  // One request per query at a time: fleet changes while one is out ask for one more after it, not one each.
  let running: { key: string; again: boolean } | null = null;
  // Profiles the server refused (unknown, a bad name, a broken file), with its words: not asked again on every
  // fleet change, only once mcp-fleet.json, read again, has them.
  const refused = new Map<string, string>();

  async function fetchCost(client: ClientChoice, profile: string | null): Promise<void> {
    const query = { client, profile };
    const id = ++costRequest;
    const changed = !sameQuery(get().costQuery, query);
    // Another query: the old figures stay shown, dimmed, until its own arrive (no layout shift).
    if (changed) set({ costQuery: query, costStatus: "loading", costError: null, costCounted: null, costCountError: null });
    let problem = profile !== null ? (refused.get(profile) ?? null) : null;
    let result = await api.fetchCost(client, problem === null ? profile : null);
    if (!result.ok && problem === null && profile !== null && isProfileRefusal(result.error)) {
      problem = result.error.message;
      refused.set(profile, problem);
      if (id !== costRequest) return;
      result = await api.fetchCost(client, null);
    }
    if (id !== costRequest) return;
    if (!result.ok) {
      set({ costStatus: get().cost && !changed ? "ready" : "error", costError: result.error, ...(changed ? { cost: null } : {}) });
      return;
    }
    const counted = get().costCounted;
    set({
      cost: result.data,
      costStatus: "ready",
      costError: null,
      costProfileProblem: problem,
      // A count stays true while the tool set it counted is the one shown.
      costCounted: counted && counted.fleetHash === result.data.fleetHash && counted.client.id === result.data.client.id ? counted : null,
    });
  }

  return {
    costQuery: null,
    cost: null,
    costStatus: "idle",
    costError: null,
    costProfileProblem: null,
    costCounted: null,
    costCounting: false,
    costCountError: null,
    profiles: null,
    profilesStatus: "idle",
    profilesError: null,

    loadCost: async (client, profile) => {
      const key = `${client}\u0000${profile ?? ""}`;
      if (running?.key === key) {
        running.again = true;
        return;
      }
      const mine = { key, again: false };
      running = mine;
      try {
        do {
          mine.again = false;
          await fetchCost(client, profile);
        } while (mine.again && running === mine);
      } finally {
        if (running === mine) running = null;
      }
    },

    countCost: async () => {
      const report = get().cost;
      const query = get().costQuery;
      if (!report || !query) return { ok: false, error: { code: "bad_request:cost", message: "Nothing to count yet: the cost is still loading.", status: 0 } };
      set({ costCounting: true, costCountError: null });
      try {
        // The profile the report is of (null when an unknown one fell back to the whole fleet).
        const result = await api.countCost(query.client, report.profile);
        if (!sameQuery(get().costQuery, query)) return result.ok ? { ok: true } : { ok: false, error: result.error };
        if (!result.ok) {
          set({ costCountError: result.error });
          return { ok: false, error: result.error };
        }
        set({ costCounted: result.data });
        return { ok: true };
      } finally {
        set({ costCounting: false });
      }
    },

    loadProfiles: async (client) => {
      const id = ++profilesRequest;
      if (get().profiles === null) set({ profilesStatus: "loading" });
      const result = await api.fetchProfiles(client);
      if (id !== profilesRequest) return;
      if (result.ok) {
        for (const p of result.data.profiles) refused.delete(p.name);
        set({ profiles: result.data, profilesStatus: "ready", profilesError: null });
      }
      else set({ profilesStatus: get().profiles ? "ready" : "error", profilesError: result.error });
    },
  };
};
