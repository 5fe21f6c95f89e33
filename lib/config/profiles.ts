/**
 * `mcp-fleet.json` on disk (docs/profiles.md): where it lives (beside the primary config, as the lock
 * file; the demo fleet's in its data folder), reading it into profiles with every problem naming the file,
 * line and column, writing it atomically, and narrowing a loaded config to one profile's servers. A
 * profile's own lock file sits beside the fleet's: `mcp-fleet.<profile>.lock.json`.
 */
import "server-only";

import { randomBytes } from "node:crypto";
import { mkdirSync, readFileSync, renameSync, rmSync, writeFileSync } from "node:fs";
import path from "node:path";

import { FleetError } from "@/lib/errors";
import { parseProfilesText, serializeProfiles, unknownServers, type ParsedProfiles, type Profile, type ProfilesProblem } from "@/lib/profiles";
import { lockFileOf } from "./paths";
import type { LoadedConfig } from "./types";

export const PROFILES_FILE_NAME = "mcp-fleet.json";

/** `mcp-fleet.json` beside `mcp-fleet.lock.json`. */
export function profilesFileOf(loaded: LoadedConfig, env: Record<string, string | undefined>): string {
  const lock = lockFileOf(loaded, env);
  if (!lock) throw new FleetError("bad_request", "profiles", "cannot tell where mcp-fleet.json belongs: pass --config with the project's config file");
  return path.join(path.dirname(lock), PROFILES_FILE_NAME);
}

/** A profile's lock file: `mcp-fleet.<profile>.lock.json` beside the fleet's. */
export function profileLockFileOf(lockFile: string, profile: string): string {
  return path.join(path.dirname(lockFile), `mcp-fleet.${profile}.lock.json`);
}

export interface ProfilesRead extends ParsedProfiles {
  file: string;
  exists: boolean;
}

/** The file's profiles and problems (unknown server ids included when the fleet's ids are given); a missing file has none. */
export function readProfiles(file: string, serverIds?: readonly string[]): ProfilesRead {
  let text: string;
  try {
    text = readFileSync(file, "utf8");
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === "ENOENT") return { file, exists: false, profiles: [], problems: [], positions: {} };
    throw new FleetError("unavailable", "profiles", `${file}: cannot read (${(error as Error).message})`);
  }
  const parsed = parseProfilesText(text);
  return { file, exists: true, ...parsed, problems: [...parsed.problems, ...(serverIds ? unknownServers(parsed, serverIds) : [])] };
}

/** `mcp-fleet.json:4:39: warning: profile "review" names linear, ...` */
export function formatProfilesProblem(file: string, problem: ProfilesProblem): string {
  const where = problem.line ? `${file}:${problem.line}:${problem.column}` : file;
  return `${where}: ${problem.severity === "error" ? "error" : "warning"}: ${problem.message}`;
}

/** Refuses to rewrite a file with errors in it: what MCP Fleet could not read would be lost. */
export function requireWritable(read: ProfilesRead): void {
  const errors = read.problems.filter((p) => p.severity === "error");
  if (errors.length > 0) {
    throw new FleetError("bad_request", "profiles", `${formatProfilesProblem(read.file, errors[0])}; fix the file by hand first, nothing was written`);
  }
}

export function writeProfiles(file: string, profiles: readonly Profile[]): void {
  mkdirSync(path.dirname(file), { recursive: true });
  const temp = path.join(path.dirname(file), `.${path.basename(file)}.${process.pid}.${randomBytes(4).toString("hex")}.tmp`);
  try {
    writeFileSync(temp, serializeProfiles(profiles), { flag: "wx" });
    renameSync(temp, file);
  } catch (error) {
    rmSync(temp, { force: true });
    throw new FleetError("unavailable", "profiles", `${file}: cannot write (${(error as Error).message})`);
  }
}

/** The named profile, or a FleetError that names the file and the place, or lists the profiles there are. */
export function findProfile(read: ProfilesRead, name: string): Profile {
  const profile = read.profiles.find((p) => p.name === name);
  if (profile) return profile;
  if (!read.exists) throw new FleetError("not_found", "profiles", `no profile "${name}": there is no ${read.file} yet (mcp-fleet profiles set ${name} <server> ... makes one)`);
  const broken = read.problems.find((p) => p.severity === "error" && (p.profile === name || p.profile === undefined));
  if (broken) throw new FleetError("bad_request", "profiles", formatProfilesProblem(read.file, broken));
  const names = read.profiles.map((p) => p.name);
  throw new FleetError("not_found", "profiles", `no profile "${name}" in ${read.file}${names.length > 0 ? `; its profiles: ${names.join(", ")}` : "; it has no profiles"}`);
}

/** The config narrowed to the profile's servers: only they are started. Findings about other servers are dropped. */
export function narrowToProfile(loaded: LoadedConfig, profile: Profile): LoadedConfig {
  const wanted = new Set(profile.servers);
  return {
    ...loaded,
    servers: loaded.servers.filter((s) => wanted.has(s.id)),
    findings: loaded.findings.filter((f) => f.serverId === undefined || wanted.has(f.serverId)),
  };
}
