/**
 * What every client view shares: reading a server's raw list into entries, the lookups by
 * (serverId, originalName) and by the name a model calls, the fleet hash over the wire order, and
 * the loss of a server that is not ready. Pure and deterministic (docs/fleet-snapshot.md, rule 7).
 */
import { fleetHashOf } from "../reconcile/fleet-hash";
import type { ServerToolList } from "../reconcile/types";
import { compareCodeUnits, isPlainObject, sameJson } from "@/lib/json/values";
import { SOURCES } from "./sources";
import type { AppliedSetting, ClientId, ClientInfo, ClientView, ServerVerdict, ToolVerdict, WireFormats } from "./types";

/**
 * What a view decided for one server, kept for the next view of a fleet in which that server is
 * unchanged (fleet-model.ts). A part is found by the server (its id, list, status and error) and by
 * `context`: everything else it depends on, such as the client and its settings. Parts are values:
 * nobody changes one once made.
 */
export interface ServerPartCache<P> {
  get(server: ServerToolList, context: string): P | undefined;
  set(server: ServerToolList, context: string, part: P): void;
  /**
   * The last part made for this server id and context, whatever list it was made from: a part made
   * again keeps from it each verdict that says the same (`keepSameVerdicts`).
   */
  previous?(serverId: string, context: string): P | undefined;
  /**
   * What the last view made with this cache left for the next one, fleet-wide (e.g. the order its
   * parts' tools were sent in): read and replaced by the view itself, which alone knows its shape.
   */
  lastView?: unknown;
  /** The lookups of the last view made with this cache (finishView's own). */
  lastLookups?: unknown;
}

/** The key of a (server, tool) pair in `byTool`. */
export function toolKey(serverId: string, originalName: string): string {
  return `${serverId}:${originalName}`;
}

/** A client's verdict on one listed tool, or undefined when the fleet does not list it. */
export function verdictOf<C extends ClientId>(view: ClientView<C>, serverId: string, originalName: string): ClientView<C>["tools"][number] | undefined {
  const index = view.byTool[toolKey(serverId, originalName)];
  return index === undefined ? undefined : view.tools[index];
}

/** The verdict of the tool a model calls by `callName` (Codex: `<namespace>__<name>`), or undefined. */
export function verdictByCallName<C extends ClientId>(view: ClientView<C>, callName: string): ClientView<C>["tools"][number] | undefined {
  const index = view.byCallName[callName];
  return index === undefined ? undefined : view.tools[index];
}

/** One listed tool as every client first sees it: its place, its name if it has one, the raw value. */
export interface ListedTool {
  serverId: string;
  position: number;
  raw: unknown;
  /** The name when it is a non-empty string, else null. */
  name: string | null;
  /** The name shown and used as a key: the name, or `(unnamed #<position>)` as the reconciler writes it. */
  originalName: string;
}

export function listedTools(server: ServerToolList): ListedTool[] {
  const tools = server.status === "ready" && Array.isArray(server.tools) ? server.tools : [];
  return tools.map((raw, i) => {
    const name = isPlainObject(raw) && typeof raw.name === "string" && raw.name.length > 0 ? raw.name : null;
    return { serverId: server.id, position: i + 1, raw, name, originalName: name ?? `(unnamed #${i + 1})` };
  });
}

/** Servers in id order: views never depend on the order servers are configured or answer in. */
export function sortedServers(servers: readonly ServerToolList[]): ServerToolList[] {
  return [...servers].sort((a, b) => compareCodeUnits(a.id, b.id));
}

/**
 * A server's verdicts before a client reads it: every listed tool dropped with no reason yet (the client
 * fills them in), and the server's own verdict, already lost when the server is not connected.
 */
export function startServer<E>(server: ServerToolList, label: string): { listed: ListedTool[]; own: ToolVerdict<E>[]; verdict: ServerVerdict } {
  const listed = listedTools(server);
  const own: ToolVerdict<E>[] = listed.map((t) => ({ serverId: t.serverId, originalName: t.originalName, position: t.position, status: "dropped", sent: null, reasons: [], notes: [] }));
  const verdict: ServerVerdict = { serverId: server.id, status: server.status, listed: listed.length, sent: 0, lost: notReadyLoss(server, label) };
  return { listed, own, verdict };
}

/** The whole-server loss of a server that is not connected: no client sees its tools. */
export function notReadyLoss(server: ServerToolList, label: string): ServerVerdict["lost"] {
  if (server.status === "ready") return null;
  const state = server.status === "error" ? "failed" : server.status === "connecting" ? "is still connecting" : "is disabled";
  return {
    code: `server:${server.status}`,
    message: `${label} would list 0 tools: the server ${state}${server.error ? ` (${server.error})` : ""}`,
    source: SOURCES.fleet,
  };
}

/**
 * Swaps each of `own` (a server's verdicts, made again) for the last part's verdict at the same place
 * when that one says exactly the same: the same objects, so what was made from them is kept too (the
 * page index keeps a tool's entry while its verdicts are the very objects). Returns what was swapped
 * for what, for the part's other lists of the same verdicts.
 */
export function keepSameVerdicts<V extends ToolVerdict<unknown>>(own: V[], last: readonly V[] | undefined): Map<V, V> {
  const swapped = new Map<V, V>();
  if (last === undefined) return swapped;
  const n = Math.min(own.length, last.length);
  for (let i = 0; i < n; i++) {
    if (own[i] !== last[i] && sameJson(own[i], last[i])) {
      swapped.set(own[i], last[i]);
      own[i] = last[i];
    }
  }
  return swapped;
}

/** `toolKey` of each verdict, in order: a view's part keeps them, so a kept part's keys are not written again. */
export function toolKeysOf(verdicts: readonly ToolVerdict<unknown>[]): string[] {
  const keys: string[] = new Array(verdicts.length);
  for (let i = 0; i < verdicts.length; i++) keys[i] = toolKey(verdicts[i].serverId, verdicts[i].originalName);
  return keys;
}

/**
 * A view's lookups, made when first read: the page index and most callers never read them, and for
 * 10,000 tools each is an object of 10,000 keys. When every place holds the same key and call name as
 * in the last view's (a change that renames or moves no tool), the last view's lookups are handed out
 * again, the same objects. A Lookups keeps the last one until it is made, and that one's own last only
 * if made: never a chain of old views.
 */
class Lookups {
  private made?: { byTool: Record<string, number>; byCallName: Record<string, number> };

  constructor(
    readonly tools: readonly ToolVerdict<unknown>[],
    readonly keys: readonly string[],
    private last: Lookups | undefined,
  ) {
    if (last && last.last && !last.last.made) last.last = undefined;
  }

  get byTool(): Record<string, number> {
    return this.lookups().byTool;
  }

  get byCallName(): Record<string, number> {
    return this.lookups().byCallName;
  }

  private lookups(): NonNullable<Lookups["made"]> {
    if (this.made) return this.made;
    const { tools, keys, last } = this;
    this.last = undefined;
    if (last !== undefined && sameLookups(last, tools, keys)) return (this.made = last.lookups());
    const byTool: Record<string, number> = {};
    const byCallName: Record<string, number> = {};
    for (let i = 0; i < tools.length; i++) {
      const key = keys[i];
      if (byTool[key] === undefined) byTool[key] = i;
      const sent = tools[i].sent;
      if (sent) byCallName[sent.callName] = i;
    }
    return (this.made = { byTool, byCallName });
  }
}

/**
 * Adds the lookups (made when first read) and the fleet hash; `toolHashes` are in `wire` order,
 * `toolKeys` (when given) in `tools` order. With a cache, the last view's lookups are handed out
 * again when every place holds the same key and call name.
 */
export function finishView<C extends ClientId>(parts: {
  client: ClientInfo & { id: C };
  wire: WireFormats[C][];
  toolHashes: string[];
  tools: ClientView<C>["tools"];
  toolKeys?: readonly string[];
  servers: ServerVerdict[];
  applied: AppliedSetting[];
  cache?: ServerPartCache<unknown>;
  /** The fleet hash of `toolHashes` when the caller already knows it. */
  fleetHash?: string;
}): ClientView<C> {
  const tools = parts.tools as ToolVerdict<unknown>[];
  const lookups = new Lookups(tools, parts.toolKeys ?? toolKeysOf(tools), parts.cache?.lastLookups as Lookups | undefined);
  if (parts.cache) parts.cache.lastLookups = lookups;
  return {
    client: parts.client,
    wire: parts.wire,
    tools: parts.tools,
    servers: parts.servers,
    fleetHash: parts.fleetHash ?? fleetHashOf(parts.toolHashes),
    get byTool() {
      return lookups.byTool;
    },
    get byCallName() {
      return lookups.byCallName;
    },
    applied: parts.applied,
  };
}

function sameLookups(last: { readonly tools: readonly ToolVerdict<unknown>[]; readonly keys: readonly string[] }, tools: readonly ToolVerdict<unknown>[], keys: readonly string[]): boolean {
  if (last.tools.length !== tools.length) return false;
  for (let i = 0; i < tools.length; i++) {
    if (keys[i] !== last.keys[i]) return false;
    const a = tools[i];
    const b = last.tools[i];
    if (a !== b && a.sent?.callName !== b.sent?.callName) return false;
  }
  return true;
}
