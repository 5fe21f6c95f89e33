/**
 * The page state's contract (docs/architecture.md "Components never fetch"): what the browser is sent
 * instead of the whole FleetState. An index of the fleet (per tool: names, server, hashes, flags, each
 * client's verdict, sizes) fetched once; a tool's schemas, checks and every client's full verdict on
 * demand; and `fleet` events that carry only what changed since the version before. Types, plus the two
 * rules both sides must apply alike (the order of the index's tools, and applying a change), so this
 * module imports nothing server-only: the browser store uses it as is.
 */
import type { AppliedSetting, ClientChoice, ClientInfo, ServerVerdict, ToolVerdict } from "@/lib/clients";
import type { ConfigFinding } from "@/lib/config/types";
import type { FleetNotice, ServerDetails } from "@/lib/fleet/types";
import type { LoadingDecision, TokenMethod } from "@/lib/cost/types";
import type { CollisionGroup, SnapshotTool, ToolAnnotations } from "@/lib/reconcile/types";
import { compareCodeUnits } from "@/lib/json/values";

/**
 * What a tool's row is marked with. `collided` and `warnings` are the fleet's (the reconciler's
 * reading); `renamed`, `flattened`, `excluded` (dropped) and `cut` are each client's own.
 */
export type ToolFlag = "collided" | "renamed" | "flattened" | "excluded" | "cut" | "warnings";

/** One settings file a client's view read, and what it took from it (lib/settings/client-settings.ts). */
export interface SettingsReadView {
  label: string;
  exists: boolean;
  took: string;
}

/**
 * One client's verdict on one tool, as small as a row needs (ten thousand of them, four times, go to
 * every page): every reason and the schema sent are in the tool's detail.
 */
export interface IndexVerdict {
  /**
   * The name the model calls the tool by (Codex: `<namespace>__<function>`); null when the client drops
   * it; absent when it is the tool's own name for that client: the Claude Code name (Claude Code) or the
   * exposed name (the Agent SDK host). `callNameOf` reads it.
   */
  callName?: string | null;
  /** Codex: the namespace the function sits in (`mcp__<server>`); the function's own name is the rest of `callName`. */
  namespace?: string;
  /** This client's own marks: renamed, flattened, excluded (dropped), cut. Absent: none. */
  flags?: ToolFlag[];
  /** Dropped: the first reason in words. */
  reason?: string;
  /** UTF-8 bytes of the entry the client sends for this tool (its share of every request); 0 when dropped. */
  bytes: number;
  /**
   * Tokens of that entry as lib/cost measures it (the client's token method, `IndexClient.cost`): what the
   * tool costs in full, which for Claude Code is its cost once loaded; 0 when dropped.
   */
  tokens: number;
}

export interface IndexTool {
  /** `<serverId>:<originalName>`; a name the server lists again gets `#2`, `#3`, in the order the snapshot has them. */
  key: string;
  serverId: string;
  /** As listed; `(unnamed #3)` for a tool listed without a name. */
  originalName: string;
  title?: string;
  annotations?: ToolAnnotations;
  /** The Agent SDK host's name (the reconciler's exposed name); null when it excludes the tool. */
  exposedName: string | null;
  /** `mcp__<server>__<tool>`, sanitized: the name Claude Code sends and its permission rules use. */
  claudeCodeName: string;
  /** The schema hash (the description hash is in the tool's detail). */
  schemaHash: string;
  /** The fleet's marks on the tool: collided (its name is listed by another server too), warnings. Absent: none. */
  flags?: ToolFlag[];
  /** How many portability warnings the reconciler found; absent: none. */
  warnings?: number;
  /** Each client's verdict (with the bytes it sends for the tool). */
  clients: Record<ClientChoice, IndexVerdict>;
}

/** A server as the overview lists it: its details, plus how many tools it lists. */
export interface IndexServer extends ServerDetails {
  toolCount: number;
}

/** One client across the fleet: which client at which version, what it sends and loses, what shaped it. */
export interface IndexClient {
  choice: ClientChoice;
  client: ClientInfo;
  /** Over this client's tool hashes, in its wire order (docs/fleet-snapshot.md "Words": fleet hash). */
  fleetHash: string;
  /** Tools the fleet lists, and how many of them this client sends. */
  listed: number;
  sent: number;
  /** UTF-8 bytes of the MCP tools this client puts in every request. */
  bytes: number;
  /** Per server: listed, sent, and the whole-server loss naming the tool that causes it. */
  servers: ServerVerdict[];
  /** The client's own settings that applied (deny rules, enabled / disabled tools), with their files. */
  applied: AppliedSetting[];
  /** The settings files read for this client, with what was taken from each. */
  read: SettingsReadView[];
  cost: IndexCost;
}

/** What a client's tools cost in context, as far as the tools page shows it (the whole report is `GET /api/cost`). */
export interface IndexCost {
  /** How the tokens are counted: exact (Codex's o200k_base) or an estimate said as one (Claude). */
  method: TokenMethod;
  /**
   * The tokens of every tool sent, each counted alone: what a tool's share is of. The cost report counts the
   * whole array at once, which joins the entries with brackets and commas: a few tokens apart.
   */
  tokens: number;
  /** Which cost applies and why: for Claude Code the deferred one (names up front) or every tool loaded; in full for the others. */
  loading: LoadingDecision;
}

/** The index every page starts from (`GET /api/fleet/index`). */
export interface FleetIndex {
  /** One run of the server: versions count from 0 again in a new one. */
  epoch: string;
  version: number;
  generatedAt: string;
  /** The reconciler's fleet hash (the Agent SDK host's view); each client's own is in `clients`. */
  fleetHash: string;
  demo: boolean;
  settled: boolean;
  configFiles: string[];
  findings: ConfigFinding[];
  notices: FleetNotice[];
  /** In config order. */
  servers: IndexServer[];
  collisions: CollisionGroup[];
  clients: Record<ClientChoice, IndexClient>;
  /** Ordered by `compareIndexTools`: the Agent SDK host's exposed tools by name, then the excluded ones. */
  tools: IndexTool[];
}

/** The index fields a change may carry whole when they changed (each is small). */
export type IndexScalars = Pick<FleetIndex, "fleetHash" | "demo" | "settled" | "configFiles" | "findings" | "notices" | "collisions" | "clients">;

/**
 * A `fleet` event: what changed from version `base` to `version`. The store applies it only onto
 * exactly `base` (same epoch); any gap makes it fetch the index again.
 */
export interface FleetChange extends Partial<IndexScalars> {
  epoch: string;
  version: number;
  /** The version these changes apply to; null on a stream's first event, which carries no change (fetch the index unless you hold `version`). */
  base: number | null;
  generatedAt: string;
  /** Servers whose details changed or that are new, and the ids of every server in order (a missing id is a removed server). */
  servers?: { changed: IndexServer[]; order: string[] };
  /** Tools whose index entry changed or that are new, and the keys of tools that are gone. */
  tools?: { changed: IndexTool[]; removed: string[] };
}

/** One client's full reading of one tool, for the detail page. */
export interface ToolDetailClient {
  client: ClientInfo;
  /** Sent: the name, description and schema as sent, where it was cut, what flattening lost; dropped: every reason with its source. */
  verdict: ToolVerdict | null;
  /** The client's verdict on the tool's server (a whole-server loss says why). */
  server: ServerVerdict | null;
}

/** One tool in full (`GET /api/fleet/tools/<server>/<tool>`). */
export interface ToolDetail {
  epoch: string;
  version: number;
  key: string;
  /** The reconciler's reading: as listed and as the Agent SDK host sends it, every check and finding. */
  tool: SnapshotTool;
  clients: Record<ClientChoice, ToolDetailClient>;
}


/** The index's tool order: the Agent SDK host's exposed tools by exposed name, then the excluded ones by server, name and key. */
export function compareIndexTools(a: IndexTool, b: IndexTool): number {
  if (a.exposedName !== null && b.exposedName !== null) return compareCodeUnits(a.exposedName, b.exposedName) || compareCodeUnits(a.key, b.key);
  if (a.exposedName !== null) return -1;
  if (b.exposedName !== null) return 1;
  return compareCodeUnits(a.serverId, b.serverId) || compareCodeUnits(a.originalName, b.originalName) || compareCodeUnits(a.key, b.key);
}

/** What the store does with a change: the next index, or fetch the whole index again (a gap), or nothing (already held). */
/** The name a client's model calls a tool by, or null when that client drops it. */
export function callNameOf(tool: Pick<IndexTool, "clients" | "claudeCodeName" | "exposedName">, client: ClientChoice): string | null {
  const own = tool.clients[client].callName;
  if (own !== undefined) return own;
  return client === "agent-sdk" ? tool.exposedName : tool.claudeCodeName;
}

/** Codex's function name inside its namespace (the part of the name called after `<namespace>__`). */
export function functionName(verdict: IndexVerdict): string | null {
  return typeof verdict.callName === "string" && verdict.namespace !== undefined ? verdict.callName.slice(verdict.namespace.length + 2) : null;
}

export type ChangeOutcome = { kind: "applied"; index: FleetIndex } | { kind: "fetch" } | { kind: "held" };

/** Applies a `fleet` event to the index the store holds (pure: the index given is not touched). */
export function applyFleetChange(index: FleetIndex | null, change: FleetChange): ChangeOutcome {
  if (index === null || index.epoch !== change.epoch) return { kind: "fetch" };
  if (change.version <= index.version) return { kind: "held" };
  if (change.base !== index.version) return { kind: "fetch" };
  const next: FleetIndex = { ...index, version: change.version, generatedAt: change.generatedAt };
  for (const key of SCALAR_KEYS) if (change[key] !== undefined) (next as unknown as Record<string, unknown>)[key] = change[key];
  if (change.servers) {
    const byId = new Map(index.servers.map((s) => [s.id, s]));
    for (const s of change.servers.changed) byId.set(s.id, s);
    next.servers = change.servers.order.flatMap((id) => byId.get(id) ?? []);
  }
  if (change.tools && (change.tools.changed.length > 0 || change.tools.removed.length > 0)) {
    const gone = new Set([...change.tools.removed, ...change.tools.changed.map((t) => t.key)]);
    const kept = index.tools.filter((t) => !gone.has(t.key));
    next.tools = mergeSorted(kept, [...change.tools.changed].sort(compareIndexTools));
  }
  return { kind: "applied", index: next };
}

export const SCALAR_KEYS = ["fleetHash", "demo", "settled", "configFiles", "findings", "notices", "collisions", "clients"] as const satisfies readonly (keyof IndexScalars)[];

// Both lists are in index order: one pass keeps a 10,000-tool index in order without sorting it again.
function mergeSorted(a: IndexTool[], b: IndexTool[]): IndexTool[] {
  if (b.length === 0) return a;
  const out: IndexTool[] = new Array(a.length + b.length);
  let i = 0;
  let j = 0;
  let k = 0;
  while (i < a.length && j < b.length) out[k++] = compareIndexTools(a[i], b[j]) <= 0 ? a[i++] : b[j++];
  while (i < a.length) out[k++] = a[i++];
  while (j < b.length) out[k++] = b[j++];
  return out;
}
