/**
 * The lock file `mcp-fleet.lock.json` (issue 5 "The lock file and CI"): the reviewed baseline, per
 * server and tool the schema hash, description hash and exposed name. Pure: build, serialize with a
 * stable key order (so its diffs read well), parse, and compare against a live snapshot.
 */
import { z } from "zod";
import { compareCodeUnits } from "@/lib/json/values";
import type { FleetSnapshot } from "@/lib/reconcile/types";
import { HASH_FORMULA_VERSION } from "./types";

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
  servers: z.record(z.string(), z.strictObject({ tools: z.record(z.string(), lockedToolSchema) })),
});

export type LockedTool = z.infer<typeof lockedToolSchema>;
export type FleetLock = z.infer<typeof lockSchema>;

export interface SkippedServer {
  serverId: string;
  status: string;
  error?: string;
}

/** The lock of a snapshot: every ready server's tools. Servers that are not ready are skipped and returned. */
export function buildLock(snapshot: FleetSnapshot): { lock: FleetLock; skipped: SkippedServer[] } {
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
  return { lock: { lockVersion: LOCK_FORMAT_VERSION, hashVersion: HASH_FORMULA_VERSION, servers }, skipped };
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
  let data: unknown;
  try {
    data = JSON.parse(text);
  } catch (error) {
    return { ok: false, message: `${file}: not valid JSON (${error instanceof Error ? error.message : String(error)})` };
  }
  const parsed = lockSchema.safeParse(data);
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
      message: `${file}: hashes were computed with hash formula ${lock.hashVersion}, this MCP Fleet uses ${HASH_FORMULA_VERSION}: review the fleet and run \`fleet lock\` again`,
    };
  }
  return { ok: true, lock };
}

export type LockDifferenceKind =
  | "schema-changed"
  | "description-changed"
  | "added"
  | "removed"
  | "new-collision"
  | "newly-excluded"
  | "exposed-name-changed"
  | "server-unavailable";

export const LOCK_DIFFERENCE_LABELS: Record<LockDifferenceKind, string> = {
  "schema-changed": "schema changed",
  "description-changed": "description changed",
  added: "added",
  removed: "removed",
  "new-collision": "new collision",
  "newly-excluded": "newly excluded",
  "exposed-name-changed": "exposed name changed",
  "server-unavailable": "server unavailable",
};

const KIND_ORDER = Object.keys(LOCK_DIFFERENCE_LABELS) as LockDifferenceKind[];

export interface LockDifference {
  kind: LockDifferenceKind;
  serverId: string;
  /** null for a whole-server difference (server-unavailable). */
  toolName: string | null;
  /** Short detail: hashes, names, reasons. */
  detail: string;
}

const short = (hash: string) => hash.slice(0, 16);

/** Every difference between the reviewed lock and the live snapshot, sorted by server, tool, kind. */
export function compareLock(lock: FleetLock, snapshot: FleetSnapshot): LockDifference[] {
  const out: LockDifference[] = [];
  const push = (kind: LockDifferenceKind, serverId: string, toolName: string | null, detail = "") =>
    out.push({ kind, serverId, toolName, detail });
  const status = new Map(snapshot.servers.map((s) => [s.id, s]));
  const collisionOf = new Map<string, string[]>();
  for (const group of snapshot.collisions) {
    for (const m of group.members) {
      collisionOf.set(
        `${m.serverId}\u0000${group.name}`,
        group.members.filter((o) => o.serverId !== m.serverId).map((o) => o.serverId),
      );
    }
  }
  type Tool = FleetSnapshot["tools"][number];
  const live = new Map<string, Map<string, Tool>>();
  for (const tool of snapshot.tools) {
    if (status.get(tool.serverId)?.status !== "ready") continue;
    const tools = live.get(tool.serverId) ?? new Map<string, Tool>();
    if (!tools.has(tool.originalName)) tools.set(tool.originalName, tool);
    live.set(tool.serverId, tools);
  }

  for (const [serverId, locked] of Object.entries(lock.servers)) {
    const server = status.get(serverId);
    if (server && server.status !== "ready") {
      push("server-unavailable", serverId, null, `${server.status}${server.error ? `: ${server.error}` : ""}`);
      continue;
    }
    const tools = live.get(serverId) ?? new Map<string, Tool>();
    for (const [toolName, was] of Object.entries(locked.tools)) {
      const now = tools.get(toolName);
      if (!now) {
        push("removed", serverId, toolName, server ? "" : "server no longer configured");
        continue;
      }
      if (now.schemaHash !== was.schemaHash) push("schema-changed", serverId, toolName, `${short(was.schemaHash)} -> ${short(now.schemaHash)}`);
      if (now.descriptionHash !== was.descriptionHash)
        push("description-changed", serverId, toolName, `${short(was.descriptionHash)} -> ${short(now.descriptionHash)}`);
      const exposed = now.excluded ? null : now.exposedName;
      if (exposed === was.exposedName) continue;
      const peers = collisionOf.get(`${serverId}\u0000${toolName}`);
      if (exposed === null) {
        push("newly-excluded", serverId, toolName, now.excluded?.reasons.map((r) => r.message).join("; ") ?? "");
      } else if (peers && peers.length > 0) {
        push("new-collision", serverId, toolName, `with ${peers.join(", ")}; exposed as ${exposed}`);
      } else {
        push("exposed-name-changed", serverId, toolName, `${was.exposedName ?? "(excluded)"} -> ${exposed}`);
      }
    }
  }

  for (const [serverId, tools] of live) {
    const locked = lock.servers[serverId]?.tools ?? {};
    for (const [toolName, tool] of tools) {
      if (toolName in locked) continue;
      const peers = collisionOf.get(`${serverId}\u0000${toolName}`);
      const notes = [
        tool.excluded ? "excluded" : `exposed as ${tool.exposedName}`,
        ...(peers && peers.length ? [`collides with ${peers.join(", ")}`] : []),
      ];
      push("added", serverId, toolName, notes.join("; "));
    }
  }

  return out.sort(
    (a, b) =>
      compareCodeUnits(a.serverId, b.serverId) || compareCodeUnits(a.toolName ?? "", b.toolName ?? "") || KIND_ORDER.indexOf(a.kind) - KIND_ORDER.indexOf(b.kind),
  );
}

/** One line per difference, naming server and tool: `github/create_issue: schema changed (0123… -> 4567…)`. */
export function formatDifference(d: LockDifference): string {
  const where = d.toolName === null ? d.serverId : `${d.serverId}/${d.toolName}`;
  return `${where}: ${LOCK_DIFFERENCE_LABELS[d.kind]}${d.detail ? ` (${d.detail})` : ""}`;
}
