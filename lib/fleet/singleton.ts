/**
 * One FleetManager per process, kept on `globalThis` so Next's dev reloads reuse it
 * (docs/platform.md), and shutdown handlers registered once that end every child process.
 */
import "server-only";
import { FleetManager, liveManagers, type FleetManagerOptions } from "./manager";

const MANAGER = Symbol.for("mcp-fleet.fleet-manager");
const HANDLERS = Symbol.for("mcp-fleet.shutdown-handlers");
type SingletonGlobal = typeof globalThis & { [MANAGER]?: FleetManager; [HANDLERS]?: true };

/** The process's manager, created on first call (never at import time: `next build` must not spawn servers). */
export function getFleetManager(opts?: FleetManagerOptions): FleetManager {
  const g = globalThis as SingletonGlobal;
  installShutdownHandlers();
  const current = g[MANAGER];
  if (current && !current.isClosed) return current;
  g[MANAGER] = new FleetManager(opts);
  return g[MANAGER];
}

/**
 * On exit, SIGINT, SIGTERM and SIGHUP (the terminal closing), end every live manager's children.
 * Registered once per process, however often modules are re-evaluated. After a signal the process
 * exits (130 / 143 / 129).
 */
export function installShutdownHandlers(): void {
  const g = globalThis as SingletonGlobal;
  if (g[HANDLERS]) return;
  g[HANDLERS] = true;
  // "exit" cannot wait: each server's process group (the server and whatever it started) gets a signal synchronously.
  process.once("exit", () => {
    for (const manager of liveManagers()) {
      for (const group of manager.processGroups()) {
        try {
          process.kill(process.platform === "win32" ? group : -group, "SIGTERM");
        } catch {
          // already gone
        }
      }
    }
  });
  const onSignal = (signal: NodeJS.Signals, code: number) => {
    process.once(signal, () => {
      void closeAllManagers().finally(() => process.exit(code));
    });
  };
  onSignal("SIGINT", 130);
  onSignal("SIGTERM", 143);
  onSignal("SIGHUP", 129);
}

/** Closes every live manager (children included); never rejects. */
export async function closeAllManagers(): Promise<void> {
  await Promise.allSettled(liveManagers().map((manager) => manager.close()));
}
