/**
 * What the commands that need the live fleet share: the configs (given, found in the project, or the
 * demo fleet), one observation handed to the command before the servers are ended (the answer is
 * printed first), a stop signal that ends the servers before the process, and FleetErrors as one-line
 * CLI errors.
 */
import "server-only";
import type { ClientSettings } from "@/lib/clients";
import { dataDirOf, lockFileOf } from "@/lib/config/paths";
import type { LoadedConfig } from "@/lib/config/types";
import { FleetError } from "@/lib/errors";
import { withFleet } from "@/lib/fleet/snapshot-fleet";
import { installShutdownHandlers } from "@/lib/fleet/singleton";
import type { FleetState } from "@/lib/fleet/types";
import type { Flags } from "./flags";
import { CliError, type CliIO } from "./io";
import { loadFleetConfig } from "./load-fleet-config";

export interface LiveFleet {
  loaded: LoadedConfig;
  /** The history database's folder. */
  dataDir: string;
  /** Where mcp-fleet.lock.json belongs. */
  lockFile: string;
  /**
   * Connects every server, waits until each is ready or failed, runs `use` with the state (its snapshot
   * and each client's view, made with `clientSettings`), then ends every server. A stop signal in the
   * meantime (lib/fleet's shutdown handlers) ends the servers too.
   */
  observe<T>(use: (state: FleetState) => T | Promise<T>, opts?: { clientSettings?: ClientSettings }): Promise<T>;
}

/** Loads the configs (findings to stderr) and says where their state lives; nothing is started yet. */
export async function loadLiveFleet(flags: Pick<Flags, "configs" | "timeoutMs">, io: CliIO): Promise<LiveFleet> {
  const loaded = await loadFleetConfig(flags.configs, io);
  const lockFile = lockFileOf(loaded, io.env);
  if (!lockFile) throw new CliError("cannot tell where mcp-fleet.lock.json belongs: pass --config with the project's config file");
  return {
    loaded,
    dataDir: dataDirOf(loaded, io.env),
    lockFile,
    observe(use, opts = {}) {
      installShutdownHandlers();
      return withFleet(loaded, { timeoutMs: flags.timeoutMs, ...opts }, (manager) => use(manager.getState()));
    },
  };
}

/** The configs loaded and the fleet observed once: `use` runs (and prints) before the servers are ended. */
export async function withLiveFleet<T>(
  flags: Pick<Flags, "configs" | "timeoutMs">,
  io: CliIO,
  use: (live: LiveFleet & { state: FleetState }) => T | Promise<T>,
): Promise<T> {
  const fleet = await loadLiveFleet(flags, io);
  return fleet.observe((state) => use({ ...fleet, state }));
}

/** A FleetError (bad lock file, unusable history.db) is a one-line user error at the CLI boundary. */
export async function asCliErrors<T>(body: () => Promise<T>): Promise<T> {
  try {
    return await body();
  } catch (error) {
    if (error instanceof FleetError) throw new CliError(error.message);
    throw error;
  }
}
