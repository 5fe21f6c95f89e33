"use client";
/**
 * The cost a page shows: the client and profile its URL names, loaded through the store, and loaded again
 * whenever the fleet changes (a server added, a tool list changed), since the cost is of the live tools.
 */
import { useSearchParams } from "next/navigation";
import { useEffect } from "react";
import { useProfileParam } from "@/components/profiles/use-profile-param";
import { useFleetStore, useFleetStoreShallow } from "@/lib/store/hooks";
import { setSearchParam } from "@/lib/store/use-url-state";
import { CLIENT_PARAM, costClientOf, type CostClient } from "./cost-client";

export function useCostParams(): { client: CostClient; profile: string | null } {
  const client = costClientOf(useSearchParams());
  return { client, profile: useProfileParam() };
}

/** Chooses the client in place (Claude Code, the default, is left out of the URL). */
export function chooseCostClient(client: CostClient): void {
  setSearchParam(CLIENT_PARAM, client === "claude-code" ? null : client);
}

export function useCost(client: CostClient, profile: string | null) {
  const loadCost = useFleetStore((s) => s.loadCost);
  const version = useFleetStore((s) => s.fleet?.version ?? null);
  const generatedAt = useFleetStore((s) => s.fleet?.generatedAt ?? null);
  useEffect(() => {
    void loadCost(client, profile);
  }, [loadCost, client, profile, version, generatedAt]);
  return useFleetStoreShallow((s) => ({
    query: s.costQuery,
    report: s.cost,
    status: s.costStatus,
    error: s.costError,
    profileProblem: s.costProfileProblem,
    counted: s.costCounted,
    counting: s.costCounting,
    countError: s.costCountError,
    countCost: s.countCost,
  }));
}
