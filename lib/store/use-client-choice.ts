"use client";
/**
 * Which client's view a page shows: the URL's `client` parameter when it names one (so a shared link
 * shows the same view), else the person's kept preference, else Claude Code. Choosing writes both.
 */
import { useCallback } from "react";
import { useSearchParams } from "next/navigation";
import { isClientChoice, type ClientChoice } from "@/lib/clients/choices";
import { useFleetStore } from "./hooks";
import { setSearchParam } from "./use-url-state";

export const CLIENT_PARAM = "client";

/** The client named by a URL's parameter, or null when it names none (or an unknown one). */
export function clientFromParam(value: string | null): ClientChoice | null {
  return value !== null && isClientChoice(value) ? value : null;
}

export function useClientChoice(): [ClientChoice, (client: ClientChoice) => void] {
  const fromUrl = clientFromParam(useSearchParams().get(CLIENT_PARAM));
  const preferred = useFleetStore((s) => s.preferredClient);
  const setPreferred = useFleetStore((s) => s.setPreferredClient);
  const choose = useCallback(
    (client: ClientChoice) => {
      setPreferred(client);
      setSearchParam(CLIENT_PARAM, client);
    },
    [setPreferred],
  );
  return [fromUrl ?? preferred, choose];
}
