/**
 * What `fleet lock`, `fleet check` and `fleet report` share (issue 5 "The lock file and CI"): their
 * flags, and one observation of the live fleet with the data folder and lock file that go with it.
 */
import "server-only";
import { dataDirOf, lockFileOf } from "@/lib/config/paths";
import type { LoadedConfig } from "@/lib/config/types";
import { FleetError } from "@/lib/errors";
import { CliError, type CliIO } from "@/lib/cli/io";
import { loadFleetConfig } from "@/lib/cli/load-fleet-config";
import { snapshotFleet } from "@/lib/fleet/snapshot-fleet";
import type { FleetState } from "@/lib/fleet/types";

export interface HistoryFlags {
  configs: string[];
  timeoutMs?: number;
  since?: string;
}

/** `--config F` (repeatable), `--timeout MS`, and `--since ISO` where the command takes it. */
export function parseHistoryFlags(args: string[], allowed: { since?: boolean } = {}): HistoryFlags {
  const flags: HistoryFlags = { configs: [] };
  for (let i = 0; i < args.length; i++) {
    const arg = args[i];
    const [name, inline] = arg.startsWith("--") && arg.includes("=") ? [arg.slice(0, arg.indexOf("=")), arg.slice(arg.indexOf("=") + 1)] : [arg, undefined];
    const value = () => {
      const v = inline ?? args[++i];
      if (v === undefined || v === "") throw new CliError(`${name} needs a value`);
      return v;
    };
    if (name === "--config" || name === "-c") flags.configs.push(value());
    else if (name === "--timeout") {
      const ms = Number(value());
      if (!Number.isInteger(ms) || ms <= 0) throw new CliError(`--timeout takes a positive number of milliseconds, got "${args[i]}"`);
      flags.timeoutMs = ms;
    } else if (name === "--since" && allowed.since) {
      const since = value();
      const time = Date.parse(since);
      if (Number.isNaN(time)) throw new CliError(`--since takes an ISO date or time (e.g. 2026-11-23 or 2026-11-23T09:00:00Z), got "${since}"`);
      flags.since = new Date(time).toISOString();
    } else throw new CliError(`unknown option "${arg}"`);
  }
  return flags;
}

export interface LiveFleet {
  loaded: LoadedConfig;
  state: FleetState;
  dataDir: string;
  lockFile: string;
}

/** Loads the configs (none: the demo fleet), prints config findings to stderr, and observes the fleet once. */
export async function observeLiveFleet(flags: HistoryFlags, io: CliIO): Promise<LiveFleet> {
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
