"use client";
/**
 * The store provider (zustand Next.js guide): creates one store per mounted app, reads the kept UI
 * preference once mounted (so the server's HTML and the first render agree), loads the fleet index and
 * subscribes to `/api/events` once; every SSE type in EVENT_HANDLERS goes to its slice action.
 */
import { createContext, useEffect, useState, type ReactNode } from "react";
import { openEventStream } from "@/lib/api-client";
import { createFleetStore, EVENT_HANDLERS, resyncAfterReconnect, STARTUP_LOADS, type FleetStoreApi } from "./store";

export const FleetStoreContext = createContext<FleetStoreApi | null>(null);

export function FleetStoreProvider({ children }: { children: ReactNode }) {
  const [store] = useState(createFleetStore);

  useEffect(() => {
    void store.persist?.rehydrate();
    for (const load of STARTUP_LOADS) void load(store);
    const handlers: Record<string, (data: unknown) => void> = {};
    for (const [type, handle] of Object.entries(EVENT_HANDLERS)) handlers[type] = (data) => handle(store, data);
    let first = true;
    return openEventStream(handlers, (status) => {
      store.getState().setStream(status);
      // After a reconnect the stream may have missed events: fetch what the open views show.
      if (status === "open" && !first) resyncAfterReconnect(store);
      if (status === "open") first = false;
    });
  }, [store]);

  return <FleetStoreContext.Provider value={store}>{children}</FleetStoreContext.Provider>;
}
