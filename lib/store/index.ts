/** The client store's public surface: provider, hooks, factory and slice types. */
export { FleetStoreProvider } from "./provider";
export { useFleet, useFleetActions, useFleetStore, useFleetStoreApi, useFleetStoreShallow } from "./hooks";
export { createFleetStore, type FleetStore, type FleetStoreApi } from "./store";
export type { ActionResult, LoadStatus } from "./fleet-slice";
