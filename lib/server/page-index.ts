/**
 * Builds what the browser is sent (lib/server/page-state.ts) from a FleetState and its client views:
 * the fleet's index, each tool's entry as JSON (so a change is found by comparing text, and the
 * index's body is those texts joined, never serialized twice), and one tool's full detail. Each
 * client's entry for a tool carries its bytes and tokens, measured as lib/cost measures them.
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
  /** Each tool's entry as JSON, by key: what a change compares. */
  toolJson: Map<string, string>;
  /** The index's JSON body, joined from the entries when first asked for. */
  readonly json: string;
}

interface CachedEntry {
  verdicts: (ToolVerdict | undefined)[];
  flags: string;
  key: string;
  entry: IndexTool;
  json: string;
}

/**
 * What one build of the index can reuse from the last. Sizes by hash: a tool hash names its bytes
 * exactly, so each distinct entry is measured once. Entries by the objects they were made from: a tool
 * whose snapshot entry and verdicts are the very objects of the last build (an incremental model hands
 * unchanged ones out again) keeps its index entry and its JSON, so a change costs its own tools.
 */
export class IndexCache {
  private readonly sizes = new Map<string, number>();
  /** Tokens by counter, then by a digest of the exact text measured (key order counts for a tokenizer). */
  private readonly tokens = new Map<TokenCounter, Map<string, number>>();
  private entries = new WeakMap<SnapshotTool, CachedEntry>();
  /** Entries reused by the last build (for tests and benchmarks). */
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
    const text = wireText(wire);
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

const NAME_NOTES = new Set(["claude-code:name-sanitized", "codex:name-sanitized", "codex:name-collision", "codex:name-cut"]);

/** `serverId:originalName`, with `#n` for the n-th tool of that name on that server. */
function keyOf(serverId: string, originalName: string, occurrence: number): string {
  return occurrence === 1 ? `${serverId}:${originalName}` : `${serverId}:${originalName}#${occurrence}`;
}

/** Every view's verdicts by (server, name), in the view's order: the n-th listing of a name is the n-th verdict. */
function verdictsByName(view: ClientView): Map<string, ToolVerdict[]> {
  const out = new Map<string, ToolVerdict[]>();
  for (const verdict of view.tools as ToolVerdict[]) {
    const key = `${verdict.serverId}\u0000${verdict.originalName}`;
    const list = out.get(key);
    if (list) list.push(verdict);
    else out.set(key, [verdict]);
  }
  return out;
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

function collidedKeys(state: FleetState): Set<string> {
  const keys = new Set<string>();
  for (const group of state.snapshot.collisions) for (const member of group.members) keys.add(`${member.serverId}\u0000${group.name}`);
  return keys;
}

/** UTF-8 bytes of a view's whole `wire` array, from its entries' sizes (a Codex namespace adds its own header). */
function wireBytes(choice: ClientChoice, view: ClientView, toolBytes: number[], sizes: IndexCache): number {
  if (view.wire.length === 0) return 2;
  if (choice !== "codex") return 2 + toolBytes.reduce((a, b) => a + b, 0) + (view.wire.length - 1);
  let total = 2 + (view.wire.length - 1);
  for (const ns of view.wire as { name: string; description: string; tools: unknown[] }[]) {
    const header = sizes.of(`namespace\u0000${ns.name}\u0000${ns.description}`, () => ({ ...ns, tools: [] }));
    total += header + Math.max(0, ns.tools.length - 1);
  }
  return total + toolBytes.reduce((a, b) => a + b, 0);
}

/** The index of a state, its tools in index order, each with its JSON. */
export function buildFleetIndex(
  state: FleetState,
  opts: { epoch: string; read: SettingsReadByClient; cache: IndexCache; toolSearch?: ToolSearchSetting | null },
): BuiltIndex {
  const sizes = opts.cache;
  sizes.reused = 0;
  const toolJson = new Map<string, string>();
  const byName = Object.fromEntries(CLIENT_CHOICE_LIST.map((choice) => [choice, verdictsByName(state.views[choice] as ClientView)])) as Record<ClientChoice, Map<string, ToolVerdict[]>>;
  const collided = collidedKeys(state);
  const seen = new Map<string, number>();
  const sentBytes = Object.fromEntries(CLIENT_CHOICE_LIST.map((choice) => [choice, [] as number[]])) as Record<ClientChoice, number[]>;
  const sentTokens = Object.fromEntries(CLIENT_CHOICE_LIST.map((choice) => [choice, 0])) as Record<ClientChoice, number>;
  const tools: IndexTool[] = state.snapshot.tools.map((tool) => {
    const nameKey = `${tool.serverId}\u0000${tool.originalName}`;
    const occurrence = (seen.get(nameKey) ?? 0) + 1;
    seen.set(nameKey, occurrence);
    const key = keyOf(tool.serverId, tool.originalName, occurrence);
    const verdicts = CLIENT_CHOICE_LIST.map((choice) => byName[choice].get(nameKey)?.[occurrence - 1]);
    const flags: ToolFlag[] = [];
    if (collided.has(nameKey)) flags.push("collided");
    if (tool.warnings.length > 0) flags.push("warnings");
    const cached = sizes.entry(tool, verdicts, flags.join(","), key);
    if (cached) {
      for (const choice of CLIENT_CHOICE_LIST) {
        const verdict = cached.entry.clients[choice];
        if (verdict.callName === null) continue;
        sentBytes[choice].push(verdict.bytes);
        sentTokens[choice] += verdict.tokens;
      }
      toolJson.set(key, cached.json);
      return cached.entry;
    }
    const clients = {} as Record<ClientChoice, IndexVerdict>;
    CLIENT_CHOICE_LIST.forEach((choice, i) => {
      const verdict = indexVerdict(choice, tool, verdicts[i], sizes);
      clients[choice] = verdict;
      if (verdict.callName !== null) {
        sentBytes[choice].push(verdict.bytes);
        sentTokens[choice] += verdict.tokens;
      }
    });
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
    const json = JSON.stringify(entry);
    toolJson.set(key, json);
    sizes.keep(tool, { verdicts, flags: flags.join(","), key, entry, json });
    return entry;
  });
  tools.sort(compareIndexTools);
  sizes.trim(tools.length);

  const counts = new Map(state.snapshot.servers.map((s) => [s.id, s.toolCount]));
  const servers: IndexServer[] = state.servers.map((s) => ({ ...s, toolCount: counts.get(s.id) ?? 0 }));
  const clients = Object.fromEntries(
    CLIENT_CHOICE_LIST.map((choice): [ClientChoice, IndexClient] => {
      const view = state.views[choice] as ClientView;
      const read = choice === "codex" ? opts.read.codex : choice.startsWith("claude-code") ? opts.read.claudeCode : [];
      return [
        choice,
        {
          choice,
          client: view.client,
          fleetHash: view.fleetHash,
          listed: view.tools.length,
          sent: sentBytes[choice].length,
          bytes: wireBytes(choice, view, sentBytes[choice], sizes),
          servers: view.servers,
          applied: view.applied,
          read,
          cost: {
            method: METHODS[choice].tokens,
            tokens: sentTokens[choice],
            loading: loadingDecision(view.client.id, sentTokens[choice], { tokens: METHODS[choice].tokens, toolSearch: opts.toolSearch ?? null }),
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
  let json: string | undefined;
  return {
    index,
    toolJson,
    // Joined only when a page fetches the index: the events need the entries, not the body.
    get json() {
      if (json === undefined) {
        const head = JSON.stringify({ ...index, tools: [] });
        json = `${head.slice(0, -"[]}".length)}[${tools.map((t) => toolJson.get(t.key)).join(",")}]}`;
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
