/**
 * One observation of the live fleet for the CLI (`fleet snapshot`, `lock`, `check`): connect every
 * server, wait until each is ready or failed, take the state, end every process.
 */
import "server-only";
import type { LoadedConfig } from "@/lib/config/types";
import type { ServerToolList } from "@/lib/reconcile/types";
import { FleetManager } from "./manager";
import type { FleetState } from "./types";

export async function snapshotFleet(loaded: LoadedConfig, opts: { timeoutMs?: number } = {}): Promise<FleetState> {
  return (await observeFleet(loaded, opts)).state;
}

/** The state and the raw tool lists it was reconciled from (what `fleet tools` builds a client's view on). */
export async function observeFleet(loaded: LoadedConfig, opts: { timeoutMs?: number } = {}): Promise<{ state: FleetState; toolLists: ServerToolList[] }> {
  // One observation: a server that crashes is reported as it is, not started again behind the caller's back.
  const manager = new FleetManager({ timeoutMs: opts.timeoutMs, retry: { attempts: 0 } });
  try {
    await manager.start(loaded);
    return { state: manager.getState(), toolLists: manager.toolLists() };
  } finally {
    await manager.close();
  }
}
