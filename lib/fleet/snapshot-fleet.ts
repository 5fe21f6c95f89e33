/**
 * One observation of the live fleet for the CLI (`fleet snapshot`, `lock`, `check`, `tools`): connect
 * every server, wait until each is ready or failed, take the state (with each client's view), end every
 * process.
 */
import "server-only";
import type { ClientSettings } from "@/lib/clients";
import type { LoadedConfig } from "@/lib/config/types";
import { FleetManager } from "./manager";
import type { FleetState } from "./types";

export async function snapshotFleet(loaded: LoadedConfig, opts: { timeoutMs?: number; clientSettings?: ClientSettings } = {}): Promise<FleetState> {
  // One observation: a server that crashes is reported as it is, not started again behind the caller's back.
  const manager = new FleetManager({ timeoutMs: opts.timeoutMs, retry: { attempts: 0 }, ...(opts.clientSettings ? { clientSettings: opts.clientSettings } : {}) });
  try {
    await manager.start(loaded);
    return manager.getState();
  } finally {
    await manager.close();
  }
}
