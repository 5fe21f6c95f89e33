/**
 * What `fleet lock`, `fleet check` and `fleet report` share: one observation of the live fleet with
 * the data folder and lock file that go with it, and FleetErrors as one-line CLI errors.
 */
import "server-only";
import { dataDirOf, lockFileOf } from "@/lib/config/paths";
import type { LoadedConfig } from "@/lib/config/types";
import { FleetError } from "@/lib/errors";
import type { Flags } from "./flags";
import { CliError, type CliIO } from "./io";
import { loadFleetConfig } from "./load-fleet-config";
import { snapshotFleet } from "@/lib/fleet/snapshot-fleet";
import type { FleetState } from "@/lib/fleet/types";

export interface LiveFleet {
  loaded: LoadedConfig;
  state: FleetState;
  dataDir: string;
  lockFile: string;
}

/** Loads the configs (none: the demo fleet), prints config findings to stderr, and observes the fleet once. */
export async function observeLiveFleet(flags: Pick<Flags, "configs" | "timeoutMs">, io: CliIO): Promise<LiveFleet> {
  const loaded = await loadFleetConfig(flags.configs, io);
  const lockFile = lockFileOf(loaded, io.env);
  if (!lockFile) throw new CliError("cannot tell where mcp-fleet.lock.json belongs: pass --config with the project's config file");
  const state = await snapshotFleet(loaded, { timeoutMs: flags.timeoutMs });
  return { loaded, state, dataDir: dataDirOf(loaded, io.env), lockFile };
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
