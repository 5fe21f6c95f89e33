/**
 * One observation of the live fleet for the CLI (`mcp-fleet snapshot`, `lock`, `check`, `tools`, ...):
 * connect every server, wait until each is ready or failed, use the state (with each client's view), end
 * every process. The state is used (the answer printed) before the servers are ended, so nobody waits
 * for their exit to see it.
 */
import "server-only";
import type { ClientSettings } from "@/lib/clients";
import type { LoadedConfig } from "@/lib/config/types";
import { FleetManager } from "./manager";

export interface SnapshotOptions {
  timeoutMs?: number;
  /** Each client's own settings, for the views in the state. */
  clientSettings?: ClientSettings;
}

/**
 * Starts the fleet, waits until every server is ready or failed, runs `use` with the manager (its state,
 * with each client's view), then ends every server (all at once; each one's stop is bounded, SIGKILL
 * last) before returning.
 */
export async function withFleet<T>(loaded: LoadedConfig, opts: SnapshotOptions, use: (manager: FleetManager) => T | Promise<T>): Promise<T> {
  // One observation: a server that crashes is reported as it is, not started again behind the caller's back.
  const manager = new FleetManager({ timeoutMs: opts.timeoutMs, retry: { attempts: 0 }, ...(opts.clientSettings ? { clientSettings: opts.clientSettings } : {}) });
  try {
    await manager.start(loaded);
    return await use(manager);
  } finally {
    await manager.close();
  }
}
