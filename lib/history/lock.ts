/**
 * The lock file `mcp-fleet.lock.json`: the reviewed baseline, per
 * server and tool the schema hash, description hash and exposed name. Pure: build, serialize with a
 * stable key order (so its diffs read well), parse, and compare against a live snapshot.
 */
import { z } from "zod";
import { parseJsonText } from "@/lib/json/json-text";
import { compareCodeUnits } from "@/lib/json/values";
import type { FleetSnapshot } from "@/lib/reconcile/types";
import { observeSnapshot } from "./observe";
import { diffTools, type ToolChange, type ToolChangeKind, type ToolState } from "./tool-diff";
import { DRIFT_KIND_LABELS, HASH_FORMULA_VERSION } from "./types";

export const LOCK_FORMAT_VERSION = 1;

const lockedToolSchema = z.strictObject({
  schemaHash: z.string().regex(/^[0-9a-f]{64}$/, "a SHA-256 hex string"),
  descriptionHash: z.string().regex(/^[0-9a-f]{64}$/, "a SHA-256 hex string"),
  /** null: the tool was excluded when it was reviewed. */
  exposedName: z.string().nullable(),
});

const lockSchema = z.strictObject({
  lockVersion: z.number().int(),
  hashVersion: z.number().int(),
  /** A profile's lock (`mcp-fleet.<profile>.lock.json`, docs/profiles.md): which profile, with the servers it had. */
  profile: z.strictObject({ name: z.string(), servers: z.array(z.string()) }).optional(),
  servers: z.record(z.string(), z.strictObject({ tools: z.record(z.string(), lockedToolSchema) })),
});

export type LockedTool = z.infer<typeof lockedToolSchema>;
export type FleetLock = z.infer<typeof lockSchema>;

export interface SkippedServer {
  serverId: string;
  status: string;
  error?: string;
}

/**
 * The lock of a snapshot: every ready server's tools. Servers that are not ready are skipped and returned.
 * A profile's lock names the profile and its servers, so a check notices when the profile changes.
 */
export function buildLock(snapshot: FleetSnapshot, profile?: { name: string; servers: readonly string[] }): { lock: FleetLock; skipped: SkippedServer[] } {
  const servers: FleetLock["servers"] = {};
  const skipped: SkippedServer[] = [];
  for (const server of snapshot.servers) {
    if (server.status === "ready") servers[server.id] = { tools: {} };
    else skipped.push({ serverId: server.id, status: server.status, ...(server.error ? { error: server.error } : {}) });
  }
  for (const tool of snapshot.tools) {
    const server = servers[tool.serverId];
    if (!server || tool.originalName in server.tools) continue;
    server.tools[tool.originalName] = {
      schemaHash: tool.schemaHash,
      descriptionHash: tool.descriptionHash,
      exposedName: tool.excluded ? null : tool.exposedName,
    };
  }
  const named = profile ? { profile: { name: profile.name, servers: [...profile.servers].sort(compareCodeUnits) } } : {};
  return { lock: { lockVersion: LOCK_FORMAT_VERSION, hashVersion: HASH_FORMULA_VERSION, ...named, servers }, skipped };
}

function sortKeys(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(sortKeys);
  if (value !== null && typeof value === "object") {
    const entries = Object.entries(value as Record<string, unknown>).sort(([a], [b]) => compareCodeUnits(a, b));
    return Object.fromEntries(entries.map(([k, v]) => [k, sortKeys(v)]));
  }
  return value;
}

/** Keys sorted at every level, 2-space indent, trailing newline: the same fleet always gives the same bytes. */
export function serializeLock(lock: FleetLock): string {
  return JSON.stringify(sortKeys(lock), null, 2) + "\n";
}

export type LockParseResult = { ok: true; lock: FleetLock } | { ok: false; message: string };

/** Parses a lock file's text; a bad one gives one message naming the file and the place. */
export function parseLock(text: string, file: string): LockParseResult {
  const json = parseJsonText(text);
  if (!json.ok) return { ok: false, message: `${file}:${json.error.line}:${json.error.column}: not valid JSON (${json.error.message})` };
  const parsed = lockSchema.safeParse(json.value);
  if (!parsed.success) {
    const issue = parsed.error.issues[0];
    const where = issue.path.length ? ` at /${issue.path.map(String).join("/")}` : "";
    return { ok: false, message: `${file}: not an MCP Fleet lock file${where}: ${issue.message}` };
  }
  const lock = parsed.data;
  if (lock.lockVersion > LOCK_FORMAT_VERSION) {
    return { ok: false, message: `${file}: lock format ${lock.lockVersion} is newer than this MCP Fleet reads (${LOCK_FORMAT_VERSION})` };
  }
  if (lock.hashVersion !== HASH_FORMULA_VERSION) {
    return {
      ok: false,
      message: `${file}: hashes were computed with hash formula ${lock.hashVersion}, this MCP Fleet uses ${HASH_FORMULA_VERSION}: review the fleet and run \`mcp-fleet lock\` again`,
    };
  }
  return { ok: true, lock };
}

/** The differ's change names, a whole server that cannot be compared, and a profile whose servers changed. */
export type LockDifferenceKind = ToolChangeKind | "server-unavailable" | "profile-changed";

export const LOCK_DIFFERENCE_LABELS: Record<LockDifferenceKind, string> = {
  ...DRIFT_KIND_LABELS,
  "exposed-name-changed": "exposed name changed",
  "server-unavailable": "server unavailable",
  "profile-changed": "profile changed",
};

/**
 * A profile's servers against the ones its lock was taken with: one difference when they changed (its
 * tools then differ too, and say how), none when they agree or the lock is no profile's.
 */
export function compareProfile(lock: FleetLock, profile: { name: string; servers: readonly string[] }): LockDifference[] {
  if (!lock.profile) return [];
  const now = [...profile.servers].sort(compareCodeUnits);
  const was = lock.profile.servers;
  if (now.join("\u0000") === was.join("\u0000") && lock.profile.name === profile.name) return [];
  const added = now.filter((id) => !was.includes(id));
  const removed = was.filter((id) => !now.includes(id));
  const detail = [added.length > 0 ? `added ${added.join(", ")}` : "", removed.length > 0 ? `removed ${removed.join(", ")}` : ""].filter(Boolean).join("; ");
  return [{ kind: "profile-changed", serverId: `profile ${profile.name}`, toolName: null, detail: detail || `locked as ${lock.profile.name}` }];
}

export interface LockDifference {
  kind: LockDifferenceKind;
  serverId: string;
  /** null for a whole-server difference (server-unavailable). */
  toolName: string | null;
  /** Short detail: hashes, names, reasons. */
  detail: string;
}

const short = (hash: string) => hash.slice(0, 16);

/** A locked tool as the differ sees it: no annotations and no peers are kept in the lock, so those are unknown. */
function lockedState(toolName: string, locked: LockedTool): ToolState {
  return { toolName, schemaHash: locked.schemaHash, descriptionHash: locked.descriptionHash, exposedName: locked.exposedName, excluded: locked.exposedName === null };
}

/** Every difference between the reviewed lock and the live snapshot, sorted by server, tool, kind. */
export function compareLock(lock: FleetLock, snapshot: FleetSnapshot): LockDifference[] {
  const out: LockDifference[] = [];
  const status = new Map(snapshot.servers.map((s) => [s.id, s]));
  const live = new Map(observeSnapshot(snapshot).map((o) => [o.serverId, o.tools]));
  const reasons = new Map(snapshot.tools.map((t) => [`${t.serverId}\u0000${t.originalName}`, t.excluded?.reasons.map((r) => r.message).join("; ") ?? ""]));
  const serverIds = [...new Set([...Object.keys(lock.servers), ...live.keys()])].sort(compareCodeUnits);

  for (const serverId of serverIds) {
    const server = status.get(serverId);
    const locked = lock.servers[serverId];
    if (locked && server && server.status !== "ready") {
      out.push({ kind: "server-unavailable", serverId, toolName: null, detail: `${server.status}${server.error ? `: ${server.error}` : ""}` });
      continue;
    }
    const before = Object.entries(locked?.tools ?? {}).map(([name, tool]) => lockedState(name, tool));
    for (const change of diffTools(before, live.get(serverId) ?? [])) {
      out.push({ kind: change.kind, serverId, toolName: change.toolName, detail: detailOf(change, server !== undefined, reasons.get(`${serverId}\u0000${change.toolName}`) ?? "") });
    }
  }
  return out;
}

/** The short detail of a change, as `fleet check` prints it after the label. */
function detailOf(change: ToolChange, configured: boolean, exclusion: string): string {
  const { before, after } = change;
  const exposed = after?.excluded ? "excluded" : `exposed as ${after?.exposedName}`;
  switch (change.kind) {
    case "removed":
      return configured ? "" : "server no longer configured";
    case "added":
    case "included":
      return exposed;
    case "renamed":
      return `from ${change.previousName}; ${exposed}`;
    case "schema-changed":
      return `${short(before!.schemaHash)} -> ${short(after!.schemaHash)}`;
    case "description-changed":
      return `${short(before!.descriptionHash)} -> ${short(after!.descriptionHash)}`;
    case "excluded":
      return exclusion;
    case "collision-appeared":
      return `with ${change.collidesWith!.join(", ")}${after ? `; ${exposed}` : ""}`;
    case "collision-gone":
      return `was with ${change.collidesWith!.join(", ")}`;
    case "exposed-name-changed":
      return `${before!.exposedName ?? "(excluded)"} -> ${after!.exposedName}`;
    default:
      return "";
  }
}

/** One line per difference, naming server and tool: `github/create_issue: schema changed (0123… -> 4567…)`. */
export function formatDifference(d: LockDifference): string {
  const where = d.toolName === null ? d.serverId : `${d.serverId}/${d.toolName}`;
  return `${where}: ${LOCK_DIFFERENCE_LABELS[d.kind]}${d.detail ? ` (${d.detail})` : ""}`;
}
