/**
 * What the commands that need the live fleet share: the configs (given, found in the project, or the
 * demo fleet), one observation handed to the command before the servers are ended (the answer is
 * printed first), a stop signal that ends the servers before the process, and FleetErrors as one-line
 * CLI errors.
 */
import "server-only";
import type { ClientSettings } from "@/lib/clients";
import { dataDirOf, isDemoConfig, lockFileOf, projectDirOf } from "@/lib/config/paths";
import { findProfile, formatProfilesProblem, narrowToProfile, profileLockFileOf, profilesFileOf, readProfiles } from "@/lib/config/profiles";
import type { LoadedConfig } from "@/lib/config/types";
import type { Profile } from "@/lib/profiles";
import { FleetError } from "@/lib/errors";
import { withFleet } from "@/lib/fleet/snapshot-fleet";
import type { FleetManager } from "@/lib/fleet/manager";
import { installShutdownHandlers } from "@/lib/fleet/singleton";
import type { FleetState } from "@/lib/fleet/types";
import type { ServerToolList } from "@/lib/reconcile/types";
import { readClientSettings, type ClientSettingsRead } from "@/lib/settings/client-settings";
import type { Flags } from "./flags";
import { CliError, type CliIO } from "./io";
import { loadFleetConfig } from "./load-fleet-config";

export interface LiveFleet {
  /** The configs as loaded, narrowed to the profile's servers when one was asked for (only they are started). */
  loaded: LoadedConfig;
  /** `--profile`: the profile, from mcp-fleet.json; null for the whole fleet. */
  profile: Profile | null;
  /** The history database's folder. */
  dataDir: string;
  /** Where mcp-fleet.lock.json belongs; with a profile, its own `mcp-fleet.<profile>.lock.json`. */
  lockFile: string;
  /**
   * Connects every server, waits until each is ready or failed, runs `use` with the state (its snapshot
   * and each client's view, made with `clientSettings`), the raw tool lists it was made from and the manager
   * (for a command that talks to a server), then ends every server. A stop signal in the meantime
   * (lib/fleet's shutdown handlers) ends the servers too.
   */
  observe<T>(
    use: (state: FleetState, toolLists: ServerToolList[], manager: FleetManager) => T | Promise<T>,
    opts?: { clientSettings?: ClientSettings },
  ): Promise<T>;
}

/** Loads the configs (findings to stderr) and says where their state lives; nothing is started yet. */
export async function loadLiveFleet(flags: Pick<Flags, "configs" | "timeoutMs" | "profile">, io: CliIO): Promise<LiveFleet> {
  const whole = await loadFleetConfig(flags.configs, io);
  const fleetLock = lockFileOf(whole, io.env);
  if (!fleetLock) throw new CliError("cannot tell where mcp-fleet.lock.json belongs: pass --config with the project's config file");
  const profile = flags.profile ? selectProfile(whole, flags.profile, io) : null;
  const loaded = profile ? narrowToProfile(whole, profile) : whole;
  return {
    loaded,
    profile,
    dataDir: dataDirOf(whole, io.env),
    lockFile: profile ? profileLockFileOf(fleetLock, profile.name) : fleetLock,
    observe(use, opts = {}) {
      installShutdownHandlers();
      return withFleet(loaded, { timeoutMs: flags.timeoutMs, ...opts }, (manager) => use(manager.getState(), manager.toolLists(), manager));
    },
  };
}

/**
 * The named profile of mcp-fleet.json (its problems and unknown server ids to stderr, each at its line and
 * column); a missing file or profile is a one-line error naming the file.
 */
function selectProfile(loaded: LoadedConfig, name: string, io: CliIO): Profile {
  const read = readProfiles(profilesFileOf(loaded, io.env), loaded.servers.map((s) => s.id));
  const profile = findProfile(read, name);
  for (const problem of read.problems) if (problem.profile === undefined || problem.profile === name) io.err(formatProfilesProblem(read.file, problem));
  const known = profile.servers.filter((id) => loaded.servers.some((s) => s.id === id));
  if (known.length === 0) throw new CliError(`profile "${name}" names no server of this fleet (${profile.servers.join(", ") || "none"}); see ${read.file}`);
  io.err(`profile ${name}: ${known.join(", ")} (${read.file})`);
  return profile;
}

/**
 * Each client's settings as the user's client would read them in this project (the demo fleet has no
 * project: no settings files), file labels from where the command runs.
 */
export function readCliClientSettings(loaded: LoadedConfig, io: CliIO): Promise<ClientSettingsRead> {
  return readClientSettings(loaded, { env: io.env, projectDir: isDemoConfig(loaded) ? null : projectDirOf(loaded), relativeTo: io.cwd });
}

/** The configs loaded and the fleet observed once: `use` runs (and prints) before the servers are ended. */
export async function withLiveFleet<T>(
  flags: Pick<Flags, "configs" | "timeoutMs" | "profile">,
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
