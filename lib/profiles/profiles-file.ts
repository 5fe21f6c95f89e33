/**
 * Task profiles (docs/profiles.md): named sets of servers, kept in `mcp-fleet.json` beside the primary
 * config and committed with the lock file. This module reads and writes the file's text: a versioned
 * format, every problem a value naming the line and column, server ids checked against the fleet's.
 * Pure: the file is read and written by lib/config.
 */
import { parseJsonText, type TextPosition } from "@/lib/json/json-text";
import { compareCodeUnits, isPlainObject } from "@/lib/json/values";

export const PROFILES_FORMAT_VERSION = 1;

/** A profile name: it names a lock file too (`mcp-fleet.<name>.lock.json`), so it stays a safe file-name part. */
export const PROFILE_NAME_PATTERN = /^[A-Za-z0-9][A-Za-z0-9_-]{0,63}$/;

export interface Profile {
  name: string;
  /** Server ids, in the order the file lists them. */
  servers: string[];
  description?: string;
}

export interface ProfilesProblem {
  severity: "error" | "warning";
  /** `profiles:syntax`, `profiles:shape`, `profiles:version`, `profiles:name`, `profiles:duplicate-server`, `profiles:unknown-key`, `profiles:unknown-server`. */
  code: string;
  message: string;
  line?: number;
  column?: number;
  profile?: string;
  serverId?: string;
}

export interface ParsedProfiles {
  /** Profiles by name (code-unit order); a profile with an error is left out. */
  profiles: Profile[];
  problems: ProfilesProblem[];
  /** Where each profile's server entries sit, for later findings (unknown ids). */
  positions: Record<string, (TextPosition | undefined)[]>;
}

/** `at line 4, column 7` for messages, or nothing when the place is not known. */
function at(position: TextPosition | undefined): Pick<ProfilesProblem, "line" | "column"> {
  return position ? { line: position.line, column: position.column } : {};
}

/**
 * Reads `mcp-fleet.json` text. A syntax error, a root that is not an object, a missing or newer `version`,
 * or `profiles` that is not an object is one error and no profiles; a bad profile is an error for that
 * profile alone, and the others are read.
 */
export function parseProfilesText(text: string): ParsedProfiles {
  const json = parseJsonText(text);
  if (!json.ok) {
    return { profiles: [], positions: {}, problems: [{ severity: "error", code: "profiles:syntax", message: `not valid JSON: ${json.error.message}`, line: json.error.line, column: json.error.column }] };
  }
  const root = json.value;
  const where = json.positionOf;
  const fail = (code: string, message: string, path: (string | number)[]): ParsedProfiles => ({
    profiles: [],
    positions: {},
    problems: [{ severity: "error", code, message, ...at(where(path)) }],
  });
  if (!isPlainObject(root)) return fail("profiles:shape", 'the file holds no object: write {"version": 1, "profiles": {...}}', []);
  if (root.version === undefined) return fail("profiles:version", `"version" is missing: this format is version ${PROFILES_FORMAT_VERSION}`, []);
  if (typeof root.version !== "number" || !Number.isInteger(root.version) || root.version < 1) {
    return fail("profiles:version", `"version" is ${JSON.stringify(root.version)}, not a format version (${PROFILES_FORMAT_VERSION})`, ["version"]);
  }
  if (root.version > PROFILES_FORMAT_VERSION) {
    return fail("profiles:version", `format version ${root.version} is newer than this MCP Fleet reads (${PROFILES_FORMAT_VERSION}); update MCP Fleet`, ["version"]);
  }
  const problems: ProfilesProblem[] = [];
  for (const key of Object.keys(root)) {
    if (key !== "version" && key !== "profiles" && key !== "$schema") {
      problems.push({ severity: "warning", code: "profiles:unknown-key", message: `"${key}" is not a key of this format; it is ignored, and not kept when MCP Fleet writes the file`, ...at(where([key])) });
    }
  }
  const table = root.profiles ?? {};
  if (!isPlainObject(table)) return fail("profiles:shape", '"profiles" is not an object of named profiles', ["profiles"]);

  const profiles: Profile[] = [];
  const positions: Record<string, (TextPosition | undefined)[]> = {};
  for (const [name, entry] of Object.entries(table)) {
    const here = at(where(["profiles", name]));
    if (!PROFILE_NAME_PATTERN.test(name)) {
      problems.push({ severity: "error", code: "profiles:name", message: `profile name "${name}" is not letters, digits, "-" and "_" (1 to 64, starting with a letter or digit)`, profile: name, ...here });
      continue;
    }
    if (!isPlainObject(entry) || !Array.isArray(entry.servers)) {
      problems.push({ severity: "error", code: "profiles:shape", message: `profile "${name}" is not {"servers": ["<server id>", ...]}`, profile: name, ...here });
      continue;
    }
    const bad = entry.servers.findIndex((s) => typeof s !== "string" || s === "");
    if (bad >= 0) {
      problems.push({ severity: "error", code: "profiles:shape", message: `profile "${name}": servers[${bad}] is not a server id (a non-empty string)`, profile: name, ...at(where(["profiles", name, "servers", bad])) });
      continue;
    }
    if (entry.description !== undefined && typeof entry.description !== "string") {
      problems.push({ severity: "error", code: "profiles:shape", message: `profile "${name}": "description" is not a string`, profile: name, ...at(where(["profiles", name, "description"])) });
      continue;
    }
    for (const key of Object.keys(entry)) {
      if (key !== "servers" && key !== "description") {
        problems.push({ severity: "warning", code: "profiles:unknown-key", message: `profile "${name}": "${key}" is not a key of a profile; it is ignored, and not kept when MCP Fleet writes the file`, profile: name, ...at(where(["profiles", name, key])) });
      }
    }
    const servers: string[] = [];
    const serverPositions: (TextPosition | undefined)[] = [];
    (entry.servers as string[]).forEach((serverId, i) => {
      if (servers.includes(serverId)) {
        problems.push({ severity: "warning", code: "profiles:duplicate-server", message: `profile "${name}" lists ${serverId} twice`, profile: name, serverId, ...at(where(["profiles", name, "servers", i])) });
        return;
      }
      servers.push(serverId);
      serverPositions.push(where(["profiles", name, "servers", i]));
    });
    profiles.push({ name, servers, ...(entry.description !== undefined ? { description: entry.description as string } : {}) });
    positions[name] = serverPositions;
  }
  profiles.sort((a, b) => compareCodeUnits(a.name, b.name));
  return { profiles, problems, positions };
}

/** Every profile's server ids that name no server of the fleet, each a warning at its place in the file. */
export function unknownServers(parsed: ParsedProfiles, serverIds: readonly string[]): ProfilesProblem[] {
  const known = new Set(serverIds);
  return parsed.profiles.flatMap((profile) =>
    profile.servers.flatMap((serverId, i) =>
      known.has(serverId)
        ? []
        : [
            {
              severity: "warning" as const,
              code: "profiles:unknown-server",
              message: `profile "${profile.name}" names ${serverId}, which no config of this fleet defines${closest(serverId, serverIds)}`,
              profile: profile.name,
              serverId,
              ...at(parsed.positions[profile.name]?.[i]),
            },
          ],
    ),
  );
}

// ", did you mean github?" for a near miss (one edit or one swap of neighbours away, or the same ignoring case).
function closest(id: string, ids: readonly string[]): string {
  const near = ids.filter((candidate) => candidate.toLowerCase() === id.toLowerCase() || editDistanceAtMostOne(candidate, id) || swappedNeighbours(candidate, id));
  return near.length > 0 ? `; did you mean ${near.join(" or ")}?` : "";
}

function swappedNeighbours(a: string, b: string): boolean {
  if (a.length !== b.length || a === b) return false;
  const diff = [...a].flatMap((c, i) => (c === b[i] ? [] : [i]));
  return diff.length === 2 && diff[1] === diff[0] + 1 && a[diff[0]] === b[diff[1]] && a[diff[1]] === b[diff[0]];
}

function editDistanceAtMostOne(a: string, b: string): boolean {
  if (Math.abs(a.length - b.length) > 1 || a === b) return false;
  let i = 0;
  let j = 0;
  let edits = 0;
  while (i < a.length && j < b.length) {
    if (a[i] === b[j]) {
      i++;
      j++;
      continue;
    }
    if (++edits > 1) return false;
    if (a.length > b.length) i++;
    else if (b.length > a.length) j++;
    else {
      i++;
      j++;
    }
  }
  return edits + (a.length - i) + (b.length - j) <= 1;
}

/** The file's text for these profiles: version first, profiles by name, each one's servers as given; two-space JSON and a final newline. */
export function serializeProfiles(profiles: readonly Profile[]): string {
  const table: Record<string, { servers: string[]; description?: string }> = {};
  for (const profile of [...profiles].sort((a, b) => compareCodeUnits(a.name, b.name))) {
    table[profile.name] = { ...(profile.description !== undefined ? { description: profile.description } : {}), servers: [...profile.servers] };
  }
  return `${JSON.stringify({ version: PROFILES_FORMAT_VERSION, profiles: table }, null, 2)}\n`;
}

/** The profiles with `name` set to these servers (added, or replaced keeping its description). */
export function setProfile(profiles: readonly Profile[], name: string, servers: readonly string[]): Profile[] {
  const unique = servers.filter((s, i) => servers.indexOf(s) === i);
  const existing = profiles.find((p) => p.name === name);
  const next: Profile = { name, servers: unique, ...(existing?.description !== undefined ? { description: existing.description } : {}) };
  return [...profiles.filter((p) => p.name !== name), next].sort((a, b) => compareCodeUnits(a.name, b.name));
}

export function removeProfile(profiles: readonly Profile[], name: string): Profile[] {
  return profiles.filter((p) => p.name !== name);
}
