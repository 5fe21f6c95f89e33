"use client";
/**
 * Selector hooks over the provider's store. They throw outside FleetStoreProvider so a missing
 * provider is a loud bug, not a silent empty page. Selectors that build objects or arrays must go
 * through `useFleetStoreShallow` (zustand 5 `useShallow`) or they re-render forever.
 */
import { useContext } from "react";
import { useStore } from "zustand";
import { useShallow } from "zustand/react/shallow";
import { FleetStoreContext } from "./provider";
import type { FleetStore, FleetStoreApi } from "./store";

export function useFleetStoreApi(): FleetStoreApi {
  const store = useContext(FleetStoreContext);
  if (!store) throw new Error("useFleetStore must be used inside <FleetStoreProvider> (app/layout.tsx mounts it).");
  return store;
}

/** Select one value (a primitive or a reference already held in the store). */
export function useFleetStore<T>(selector: (state: FleetStore) => T): T {
  return useStore(useFleetStoreApi(), selector);
}

/** Select an object or array built from several values; compared shallowly. */
export function useFleetStoreShallow<T>(selector: (state: FleetStore) => T): T {
  return useStore(useFleetStoreApi(), useShallow(selector));
}

/** The latest fleet and its load status, the pair every page starts from. */
export function useFleet() {
  return useFleetStoreShallow((s) => ({ fleet: s.fleet, status: s.fleetStatus, error: s.fleetError }));
}

/** The server-changing actions (stable references). */
export function useFleetActions() {
  return useFleetStoreShallow((s) => ({
    loadFleet: s.loadFleet,
    addServer: s.addServer,
    removeServer: s.removeServer,
    reconnectServer: s.reconnectServer,
    refreshFleet: s.refreshFleet,
    notify: s.notify,
  }));
}
