/**
 * Builds what the browser is sent (lib/server/page-state.ts) from a FleetState and its client views:
 * the fleet's index, each tool's entry as JSON (so a change is found by comparing text, and the
 * index's body is those texts joined, never serialized twice), and one tool's full detail. Each
 * client's entry for a tool carries its bytes and tokens, measured as lib/cost measures them. The
 * index is made server by server, and a server whose tools and verdicts are the very objects of the
 * last build keeps its part whole: one server's list_changed costs that server's tools.
 */
import "server-only";

import { createHash } from "node:crypto";
import { CLIENT_CHOICES, CLIENT_CHOICE_LIST, type ClientChoice, type ClientView, type ToolSearchSetting, type ToolVerdict } from "@/lib/clients";
import { loadingDecision, measure, tokenMethodFor, wireText, type TokenCounter } from "@/lib/cost";
import type { FleetState } from "@/lib/fleet/types";
import type { SnapshotTool } from "@/lib/reconcile/types";
import type { SettingsRead } from "@/lib/settings/client-settings";
import { compareIndexTools, type FleetIndex, type IndexClient, type IndexServer, type IndexTool, type IndexVerdict, type ToolDetail, type ToolFlag } from "./page-state";

/** The settings files each client's view read (the CLI prints them; the pages show them). */
export interface SettingsReadByClient {
  claudeCode: SettingsRead[];
  codex: SettingsRead[];
}

export interface BuiltIndex {
  index: FleetIndex;
  /** Each server's part, by server id: a part the next build kept is the very same object. */
  parts: Map<string, IndexPart>;
  /** Each tool's entry as JSON, by key (made when first asked for). */
  readonly toolJson: Map<string, string>;
  /** The index's JSON body, joined from the entries when first asked for. */
  readonly json: string;
}

/** What each client sends of one server's tools: how many, their bytes and tokens. */
interface PartSums {
  sent: number;
  bytes: number;
  tokens: number;
}

/** One server's share of the index, made from its snapshot tools and each client's verdicts on them. */
export interface IndexPart {
  serverId: string;
  /** The server's snapshot tools, in snapshot order, and each client's verdicts (by client, in view order): what the part was made from. */
  tools: SnapshotTool[];
  verdicts: ToolVerdict[][];
  /** The server's names that collide, joined. */
  collided: string;
  /** Aligned with `tools`: each tool's entry and its JSON. */
  entries: IndexTool[];
  json: string[];
  /** By client, in CLIENT_CHOICE_LIST order. */
  sums: PartSums[];
}

interface CachedEntry {
  verdicts: (ToolVerdict | undefined)[];
  flags: string;
  key: string;
  entry: IndexTool;
  json: string;
}

/**
 * What one build of the index can reuse from the last. Each server's part, whole, when its snapshot
 * tools and verdicts are the very objects it was made from (an incremental model hands unchanged ones
 * out again). Within a part made again, entries by the objects they were made from, so a change costs
 * its own tools. Sizes by hash: a tool hash names its bytes exactly, so each distinct entry is measured
 * once. Tokens by the exact text measured, found without serializing it again when its schema is an
 * object measured before.
 */
export class IndexCache {
  private readonly sizes = new Map<string, number>();
  /** Tokens by counter, then by a digest of the exact text measured (key order counts for a tokenizer). */
  private readonly tokens = new Map<TokenCounter, Map<string, number>>();
  /** Tokens by a wire entry's schema object, then by counter and the text around the schema (see `splitWire`). */
  private bySchema = new WeakMap<object, Map<string, number>>();
  private readonly counterIds = new Map<TokenCounter, number>();
  private entries = new WeakMap<SnapshotTool, CachedEntry>();
  /** The last build's parts, by server id. */
  parts = new Map<string, IndexPart>();
  /** Entries reused by the last build, in kept parts or one by one (for tests and benchmarks). */
  reused = 0;

  entry(tool: SnapshotTool, verdicts: (ToolVerdict | undefined)[], flags: string, key: string): CachedEntry | undefined {
    const cached = this.entries.get(tool);
    if (!cached || cached.key !== key || cached.flags !== flags || cached.verdicts.some((v, i) => v !== verdicts[i])) return undefined;
    this.reused++;
    return cached;
  }

  keep(tool: SnapshotTool, cached: CachedEntry): void {
    this.entries.set(tool, cached);
  }

  of(hash: string, value: () => unknown): number {
    let size = this.sizes.get(hash);
    if (size === undefined) {
      size = Buffer.byteLength(JSON.stringify(value()) ?? "", "utf8");
      this.sizes.set(hash, size);
    }
    return size;
  }

  /** Tokens of a wire entry in full, measured by lib/cost with `count`: each distinct text is tokenized once. */
  tokensOf(count: TokenCounter, wire: unknown): number {
    const split = splitWire(wire);
    if (!split) return this.tokensOfText(count, wireText(wire));
    let known = this.bySchema.get(split.schema);
    if (!known) this.bySchema.set(split.schema, (known = new Map()));
    let id = this.counterIds.get(count);
    if (id === undefined) this.counterIds.set(count, (id = this.counterIds.size));
    const key = `${id}\u0000${split.rest}`;
    let tokens = known.get(key);
    if (tokens === undefined) {
      tokens = this.tokensOfText(count, wireText(wire));
      known.set(key, tokens);
    }
    return tokens;
  }

  private tokensOfText(count: TokenCounter, text: string): number {
    const key = createHash("sha1").update(text).digest("base64");
    let counts = this.tokens.get(count);
    if (!counts) this.tokens.set(count, (counts = new Map()));
    let tokens = counts.get(key);
    if (tokens === undefined) {
      tokens = measure(text, count).tokens;
      counts.set(key, tokens);
    }
    return tokens;
  }

  /** Forget everything once the cache holds many more entries than a fleet of `tools` needs. */
  trim(tools: number): void {
    if (this.sizes.size > 8 * tools + 1024) this.sizes.clear();
    for (const counts of this.tokens.values()) if (counts.size > 8 * tools + 1024) counts.clear();
  }
}

/**
 * A wire entry as its one object-valued field (the schema) and the rest of it, every key and value in
 * order, length-prefixed so no two entries share it: `JSON.stringify` of the entry is a function of the
 * two (the schema object is never changed once made), so equal halves name equal text. Null for any
 * other shape.
 */
function splitWire(wire: unknown): { schema: object; rest: string } | null {
  if (typeof wire !== "object" || wire === null || Array.isArray(wire)) return null;
  let schema: object | null = null;
  let rest = "";
  for (const key in wire) {
    const value = (wire as Record<string, unknown>)[key];
    if (typeof value === "object" && value !== null) {
      if (schema !== null) return null;
      schema = value;
      rest += `${key.length}:${key}*`;
    } else {
      const text = String(value);
      rest += `${key.length}:${key}${typeof value}${text.length}:${text}`;
    }
  }
  return schema === null ? null : { schema, rest };
}

const NAME_NOTES = new Set(["claude-code:name-sanitized", "codex:name-sanitized", "codex:name-collision", "codex:name-cut"]);

/** `serverId:originalName`, with `#n` for the n-th tool of that name on that server. */
function keyOf(serverId: string, originalName: string, occurrence: number): string {
  return occurrence === 1 ? `${serverId}:${originalName}` : `${serverId}:${originalName}#${occurrence}`;
}

/** The Agent SDK host's marks come from the reconciler's reading, as the tools page has always shown them. */
function agentSdkFlags(tool: SnapshotTool): ToolFlag[] {
  const flags: ToolFlag[] = [];
  if (tool.renamed !== null || (tool.exposedName !== null && tool.exposedName !== tool.originalName)) flags.push("renamed");
  if (tool.flattened !== null) flags.push("flattened");
  if (tool.exposedName === null) flags.push("excluded");
  return flags;
}

function clientFlags(verdict: ToolVerdict): ToolFlag[] {
  if (!verdict.sent) return ["excluded"];
  const flags: ToolFlag[] = [];
  if (verdict.notes.some((n) => NAME_NOTES.has(n.code))) flags.push("renamed");
  if (verdict.sent.flattened) flags.push("flattened");
  if (verdict.sent.cut) flags.push("cut");
  return flags;
}

/** Each client's token counter (lib/cost: o200k_base, exact for Codex, an estimate for Claude). */
const METHODS = Object.fromEntries(CLIENT_CHOICE_LIST.map((choice) => [choice, tokenMethodFor(CLIENT_CHOICES[choice].id)])) as Record<ClientChoice, ReturnType<typeof tokenMethodFor>>;

function indexVerdict(choice: ClientChoice, tool: SnapshotTool, verdict: ToolVerdict | undefined, sizes: IndexCache): IndexVerdict {
  if (!verdict) return { callName: null, flags: ["excluded"], reason: "not in this client's view", bytes: 0, tokens: 0 };
  const flags = choice === "agent-sdk" ? agentSdkFlags(tool) : clientFlags(verdict);
  const marked = flags.length > 0 ? { flags } : {};
  const sent = verdict.sent;
  if (!sent) {
    const first = verdict.reasons[0];
    const more = verdict.reasons.length - 1;
    return { callName: null, ...marked, ...(first ? { reason: more > 0 ? `${first.message} (and ${more} more)` : first.message } : {}), bytes: 0, tokens: 0 };
  }
  // The usual name is left out (callNameOf puts it back): ten thousand of them are most of the index.
  const usual = choice === "agent-sdk" ? tool.exposedName : choice === "codex" ? null : tool.claudeCodeName;
  return {
    ...(sent.callName !== usual ? { callName: sent.callName } : {}),
    ...(sent.namespace !== undefined ? { namespace: sent.namespace } : {}),
    ...marked,
    bytes: sizes.of(sent.toolHash, () => sent.wire),
    tokens: sizes.tokensOf(METHODS[choice].count, sent.wire),
  };
}

/** Each server's names that collide with another server's. */
function collidedNames(state: FleetState): Map<string, Set<string>> {
  const names = new Map<string, Set<string>>();
  for (const group of state.snapshot.collisions) {
    for (const member of group.members) {
      let set = names.get(member.serverId);
      if (!set) names.set(member.serverId, (set = new Set()));
      set.add(group.name);
    }
  }
  return names;
}

/** UTF-8 bytes of a view's whole `wire` array, from the sum of its entries' sizes (a Codex namespace adds its own header). */
function wireBytes(choice: ClientChoice, view: ClientView, toolBytes: number, sizes: IndexCache): number {
  if (view.wire.length === 0) return 2;
  if (choice !== "codex") return 2 + toolBytes + (view.wire.length - 1);
  let total = 2 + (view.wire.length - 1);
  for (const ns of view.wire as { name: string; description: string; tools: unknown[] }[]) {
    const header = sizes.of(`namespace\u0000${ns.name}\u0000${ns.description}`, () => ({ ...ns, tools: [] }));
    total += header + Math.max(0, ns.tools.length - 1);
  }
  return total + toolBytes;
}

/** Items grouped by server id, each group in the order given. */
function byServer<T extends { serverId: string }>(items: readonly T[]): Map<string, T[]> {
  const out = new Map<string, T[]>();
  let id: string | undefined;
  let group: T[] = [];
  for (const item of items) {
    // Runs of one server are the usual case (views list servers in order): one map lookup per run.
    if (item.serverId !== id) {
      id = item.serverId;
      group = out.get(id) ?? [];
      if (group.length === 0) out.set(id, group);
    }
    group.push(item);
  }
  return out;
}

function sameItems<T>(a: readonly T[], b: readonly T[]): boolean {
  if (a.length !== b.length) return false;
  for (let i = 0; i < a.length; i++) if (a[i] !== b[i]) return false;
  return true;
}

const NO_VERDICTS: ToolVerdict[] = [];

/** The last build's part for this server when it was made from exactly these objects. */
function keptPart(previous: IndexPart | undefined, tools: SnapshotTool[], verdicts: ToolVerdict[][], collided: string): IndexPart | undefined {
  if (!previous || previous.collided !== collided || !sameItems(previous.tools, tools)) return undefined;
  for (let c = 0; c < verdicts.length; c++) if (!sameItems(previous.verdicts[c], verdicts[c])) return undefined;
  return previous;
}

/** One server's part: each of its tools' entries (reused one by one where the cache has them) and what each client sends of them. */
function makePart(serverId: string, tools: SnapshotTool[], verdicts: ToolVerdict[][], collided: Set<string> | undefined, signature: string, cache: IndexCache): IndexPart {
  // Each client's verdicts by name, in list order: the n-th listing of a name is the n-th verdict.
  const byName = verdicts.map((list) => {
    const out = new Map<string, ToolVerdict[]>();
    for (const verdict of list) {
      const same = out.get(verdict.originalName);
      if (same) same.push(verdict);
      else out.set(verdict.originalName, [verdict]);
    }
    return out;
  });
  const sums: PartSums[] = CLIENT_CHOICE_LIST.map(() => ({ sent: 0, bytes: 0, tokens: 0 }));
  const seen = new Map<string, number>();
  const entries: IndexTool[] = [];
  const json: string[] = [];
  for (const tool of tools) {
    const occurrence = (seen.get(tool.originalName) ?? 0) + 1;
    seen.set(tool.originalName, occurrence);
    const key = keyOf(serverId, tool.originalName, occurrence);
    const toolVerdicts = byName.map((names) => names.get(tool.originalName)?.[occurrence - 1]);
    const flags: ToolFlag[] = [];
    if (collided?.has(tool.originalName)) flags.push("collided");
    if (tool.warnings.length > 0) flags.push("warnings");
    let cached = cache.entry(tool, toolVerdicts, flags.join(","), key);
    if (!cached) {
      const clients = {} as Record<ClientChoice, IndexVerdict>;
      CLIENT_CHOICE_LIST.forEach((choice, i) => (clients[choice] = indexVerdict(choice, tool, toolVerdicts[i], cache)));
      const entry: IndexTool = {
        key,
        serverId: tool.serverId,
        originalName: tool.originalName,
        ...(tool.title !== undefined ? { title: tool.title } : {}),
        ...(tool.annotations !== undefined ? { annotations: tool.annotations } : {}),
        exposedName: tool.exposedName,
        claudeCodeName: tool.claudeCodeName,
        schemaHash: tool.schemaHash,
        ...(flags.length > 0 ? { flags } : {}),
        ...(tool.warnings.length > 0 ? { warnings: tool.warnings.length } : {}),
        clients,
      };
      cached = { verdicts: toolVerdicts, flags: flags.join(","), key, entry, json: JSON.stringify(entry) };
      cache.keep(tool, cached);
    }
    CLIENT_CHOICE_LIST.forEach((choice, i) => {
      const verdict = cached.entry.clients[choice];
      if (verdict.callName === null) return;
      sums[i].sent += 1;
      sums[i].bytes += verdict.bytes;
      sums[i].tokens += verdict.tokens;
    });
    entries.push(cached.entry);
    json.push(cached.json);
  }
  return { serverId, tools, verdicts, collided: signature, entries, json, sums };
}

/** The index of a state, its tools in index order, each with its JSON. */
export function buildFleetIndex(
  state: FleetState,
  opts: { epoch: string; read: SettingsReadByClient; cache: IndexCache; toolSearch?: ToolSearchSetting | null },
): BuiltIndex {
  const cache = opts.cache;
  cache.reused = 0;
  const views = CLIENT_CHOICE_LIST.map((choice) => state.views[choice] as ClientView);
  const toolsByServer = byServer(state.snapshot.tools);
  const verdictsByServer = views.map((view) => byServer(view.tools as ToolVerdict[]));
  const collided = collidedNames(state);
  const parts = new Map<string, IndexPart>();
  for (const [serverId, tools] of toolsByServer) {
    const verdicts = verdictsByServer.map((groups) => groups.get(serverId) ?? NO_VERDICTS);
    const names = collided.get(serverId);
    const signature = names ? [...names].sort().join("\u0000") : "";
    const kept = keptPart(cache.parts.get(serverId), tools, verdicts, signature);
    if (kept) cache.reused += kept.entries.length;
    parts.set(serverId, kept ?? makePart(serverId, tools, verdicts, names, signature, cache));
  }
  cache.parts = parts;

  // The snapshot's order, which is the index's but for ties the sort below settles.
  const cursor = new Map<string, number>();
  const tools: IndexTool[] = state.snapshot.tools.map((tool) => {
    const at = cursor.get(tool.serverId) ?? 0;
    cursor.set(tool.serverId, at + 1);
    return parts.get(tool.serverId)!.entries[at];
  });
  tools.sort(compareIndexTools);
  cache.trim(tools.length);

  const totals = CLIENT_CHOICE_LIST.map((_, i) => {
    const sum: PartSums = { sent: 0, bytes: 0, tokens: 0 };
    for (const part of parts.values()) {
      sum.sent += part.sums[i].sent;
      sum.bytes += part.sums[i].bytes;
      sum.tokens += part.sums[i].tokens;
    }
    return sum;
  });
  const counts = new Map(state.snapshot.servers.map((s) => [s.id, s.toolCount]));
  const servers: IndexServer[] = state.servers.map((s) => ({ ...s, toolCount: counts.get(s.id) ?? 0 }));
  const clients = Object.fromEntries(
    CLIENT_CHOICE_LIST.map((choice, i): [ClientChoice, IndexClient] => {
      const view = views[i];
      const read = choice === "codex" ? opts.read.codex : choice.startsWith("claude-code") ? opts.read.claudeCode : [];
      return [
        choice,
        {
          choice,
          client: view.client,
          fleetHash: view.fleetHash,
          listed: view.tools.length,
          sent: totals[i].sent,
          bytes: wireBytes(choice, view, totals[i].bytes, cache),
          servers: view.servers,
          applied: view.applied,
          read,
          cost: {
            method: METHODS[choice].tokens,
            tokens: totals[i].tokens,
            loading: loadingDecision(view.client.id, totals[i].tokens, { tokens: METHODS[choice].tokens, toolSearch: opts.toolSearch ?? null }),
          },
        },
      ];
    }),
  ) as Record<ClientChoice, IndexClient>;

  const index: FleetIndex = {
    epoch: opts.epoch,
    version: state.version,
    generatedAt: state.generatedAt,
    fleetHash: state.snapshot.fleetHash,
    demo: state.demo,
    settled: state.settled,
    configFiles: state.configFiles,
    findings: state.findings,
    notices: state.notices,
    servers,
    collisions: state.snapshot.collisions,
    clients,
    tools,
  };
  let toolJson: Map<string, string> | undefined;
  let json: string | undefined;
  return {
    index,
    parts,
    // Made only when asked for: an event needs the parts, a page's fetch the body.
    get toolJson() {
      if (toolJson === undefined) {
        toolJson = new Map();
        for (const part of parts.values()) part.entries.forEach((entry, i) => toolJson!.set(entry.key, part.json[i]));
      }
      return toolJson;
    },
    get json() {
      if (json === undefined) {
        const texts = new Map<IndexTool, string>();
        for (const part of parts.values()) part.entries.forEach((entry, i) => texts.set(entry, part.json[i]));
        const head = JSON.stringify({ ...index, tools: [] });
        json = `${head.slice(0, -"[]}".length)}[${tools.map((t) => texts.get(t)).join(",")}]}`;
      }
      return json;
    },
  };
}

/** One tool in full: the reconciler's reading and every client's verdict; null when the fleet does not list it. */
export function buildToolDetail(state: FleetState, epoch: string, serverId: string, originalName: string, occurrence = 1): ToolDetail | null {
  const matches = state.snapshot.tools.filter((t) => t.serverId === serverId && t.originalName === originalName);
  const tool = matches[occurrence - 1];
  if (!tool) return null;
  const clients = Object.fromEntries(
    CLIENT_CHOICE_LIST.map((choice) => {
      const view = state.views[choice] as ClientView;
      const verdict = (view.tools as ToolVerdict[]).filter((v) => v.serverId === serverId && v.originalName === originalName)[occurrence - 1] ?? null;
      return [choice, { client: view.client, verdict, server: view.servers.find((s) => s.serverId === serverId) ?? null }];
    }),
  ) as ToolDetail["clients"];
  return { epoch, version: state.version, key: keyOf(serverId, originalName, occurrence), tool, clients };
}
