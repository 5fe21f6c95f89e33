/**
 * The Agent SDK view: what a host built on the Claude API or Agent SDK sends when it aggregates the
 * fleet with MCP Fleet's reconciler (docs/fleet-snapshot.md "Reconciliation rules"): exposed names
 * (prefixed on conflict, sanitized), `[Label] ` tags on collided tools, root combinators flattened as
 * Claude Code flattens them, tools the Claude API would refuse excluded. It is the FleetSnapshot's
 * forward map, in the Claude API `tools` format, ordered by exposed name.
 */
import { reconcile } from "../reconcile/reconcile";
import { toolHash } from "../reconcile/fleet-hash";
import { descriptionHashOf } from "../reconcile/tool-facts";
import type { FleetSnapshot, ServerToolList, SnapshotServer, SnapshotTool } from "../reconcile/types";
import type { FlattenReport } from "../schema/flatten";
import { SOURCES } from "./sources";
import type { ClaudeWireTool, ClientFinding, ClientView, ServerVerdict, ToolVerdict } from "./types";
import { hashJson } from "../schema/hash";
import { compareCodeUnits, isPlainObject } from "@/lib/json/values";
import { finishView, listedTools, notReadyLoss, toolKeysOf, type ListedTool, type ServerPartCache } from "./view";
import { AGENT_SDK } from "./client-info";

export { AGENT_SDK };

type Verdict = ToolVerdict<ClaudeWireTool>;

export interface AgentSdkViewOptions {
  /** The tool hash of a sent tool; the fleet model hands in the one its snapshot already computed. */
  toolHash?: (tool: SnapshotTool, wire: ClaudeWireTool) => string;
  /** Each server's part kept from an earlier view (fleet-model.ts); reused while its snapshot tools are the same objects. */
  parts?: ServerPartCache<unknown>;
  /**
   * The tool hash the snapshot holds for an exposed tool (the fleet model's). When the view sends every
   * exposed tool in the snapshot's order, each under that hash, its fleet hash is the snapshot's: not
   * computed again.
   */
  snapshotToolHash?: (tool: SnapshotTool) => string | undefined;
}

/** One server's verdicts, made from its snapshot tools (the very objects) and its raw list. */
interface ServerPart {
  tools: readonly SnapshotTool[];
  own: Verdict[];
  /** The snapshot tool each of `own` was made from. */
  placed: SnapshotTool[];
  /** `toolKey` of each of `own`. */
  toolKeys: string[];
  /** The sent verdict of each exposed snapshot tool. */
  sentByTool: Map<SnapshotTool, Verdict>;
  verdict: ServerVerdict;
}

const NO_TOOLS: readonly SnapshotTool[] = Object.freeze([]);

const plainToolHash = (_tool: SnapshotTool, wire: ClaudeWireTool) => toolHash(wire);

/**
 * The Agent SDK view of these servers. Pass the snapshot when one was already made from the same
 * servers (the dashboard and the CLI have one); the raw lists give each verdict its place in its list.
 */
export function agentSdkView(servers: readonly ServerToolList[], snapshot: FleetSnapshot = reconcile(servers), options: AgentSdkViewOptions = {}): ClientView<"agent-sdk"> {
  const hashOf = options.toolHash ?? plainToolHash;
  const byServer = new Map<string, SnapshotTool[]>();
  for (const tool of snapshot.tools) {
    const list = byServer.get(tool.serverId);
    if (list) list.push(tool);
    else byServer.set(tool.serverId, [tool]);
  }
  const rawOf = new Map(servers.map((s) => [s.id, s]));
  const verdicts: Verdict[] = [];
  const toolKeys: string[] = [];
  const serverVerdicts: ServerVerdict[] = [];
  const partOf = new Map<string, ServerPart>();
  let sentCount = 0;
  for (const server of [...snapshot.servers].sort((a, b) => compareCodeUnits(a.id, b.id))) {
    const raw = rawOf.get(server.id);
    const snapshotTools = byServer.get(server.id) ?? NO_TOOLS;
    const cache = raw ? options.parts : undefined;
    let part = cache?.get(raw!, "") as ServerPart | undefined;
    if (part && !sameTools(part.tools, snapshotTools)) part = undefined;
    if (!part) {
      part = serverPart(server, snapshotTools, raw, hashOf, cache?.previous?.(server.id, "") as ServerPart | undefined);
      cache?.set(raw!, "", part);
    }
    // A server id given twice would count its tools twice: told apart below.
    partOf.set(server.id, part);
    for (let i = 0; i < part.own.length; i++) {
      verdicts.push(part.own[i]);
      toolKeys.push(part.toolKeys[i]);
    }
    sentCount += part.sentByTool.size;
    serverVerdicts.push(part.verdict);
  }
  return finishView({
    client: AGENT_SDK,
    ...sentInOrder(snapshot, partOf, sentCount, verdicts, options.snapshotToolHash),
    tools: verdicts,
    toolKeys,
    servers: serverVerdicts,
    applied: [],
    cache: options.parts,
  });
}

// The sent tools by name. A snapshot lists its exposed tools by exposed name already, each name once:
// read in that order, each tool's verdict is the one a sort of every sent verdict by name puts there.
// A snapshot that is not so (made elsewhere, or listing a server twice) is sorted instead.
function sentInOrder(
  snapshot: FleetSnapshot,
  partOf: Map<string, ServerPart>,
  sentCount: number,
  verdicts: Verdict[],
  snapshotToolHash: AgentSdkViewOptions["snapshotToolHash"],
): { wire: ClaudeWireTool[]; toolHashes: string[]; fleetHash?: string } {
  const wire: ClaudeWireTool[] = [];
  const toolHashes: string[] = [];
  let previous: string | null = null;
  // The snapshot's fleet hash is over its exposed tools' hashes in this very order.
  let snapshotHashes = snapshotToolHash !== undefined;
  for (const tool of snapshot.tools) {
    if (tool.exposedName === null) continue;
    const v = partOf.get(tool.serverId)?.sentByTool.get(tool);
    if (v === undefined) {
      snapshotHashes = false;
      continue;
    }
    if (previous !== null && !(previous < tool.exposedName)) return sortedSent(verdicts);
    previous = tool.exposedName;
    wire.push(v.sent!.wire);
    toolHashes.push(v.sent!.toolHash);
    if (snapshotHashes && snapshotToolHash!(tool) !== v.sent!.toolHash) snapshotHashes = false;
  }
  if (wire.length !== sentCount) return sortedSent(verdicts);
  return snapshotHashes ? { wire, toolHashes, fleetHash: snapshot.fleetHash } : { wire, toolHashes };
}

function sortedSent(verdicts: Verdict[]): { wire: ClaudeWireTool[]; toolHashes: string[] } {
  const sent = verdicts.filter((v) => v.sent);
  sent.sort((a, b) => compareCodeUnits(a.sent!.name, b.sent!.name));
  return { wire: sent.map((v) => v.sent!.wire), toolHashes: sent.map((v) => v.sent!.toolHash) };
}

/**
 * A verdict is made from its snapshot tool and its place alone (the tool hash is the tool's): the last
 * part's verdict for the very same tool at the same place is kept, the same object.
 */
function serverPart(
  server: SnapshotServer,
  snapshotTools: readonly SnapshotTool[],
  raw: ServerToolList | undefined,
  hashOf: (tool: SnapshotTool, wire: ClaudeWireTool) => string,
  last: ServerPart | undefined,
): ServerPart {
  const tools = placed(snapshotTools, raw ? listedTools(raw) : []);
  const own = tools.map(([tool, position], i) => {
    const was = last?.placed[i] === tool ? last.own[i] : undefined;
    return was !== undefined && was.position === position ? was : toVerdict(tool, position, hashOf);
  });
  const sentByTool = new Map<SnapshotTool, Verdict>();
  tools.forEach(([tool], i) => {
    if (own[i].sent) sentByTool.set(tool, own[i]);
  });
  const sent = sentByTool.size;
  const lost =
    notReadyLoss({ id: server.id, status: server.status, error: server.error, tools: [] }, AGENT_SDK.label) ??
    (own.length > 0 && sent === 0
      ? { code: "agent-sdk:all-excluded", message: `${AGENT_SDK.label} would send no tool of ${server.id}: every one is excluded`, source: SOURCES.reconcileRules }
      : null);
  return { tools: snapshotTools, own, placed: tools.map(([tool]) => tool), toolKeys: toolKeysOf(own), sentByTool, verdict: { serverId: server.id, status: server.status, listed: tools.length, sent, lost } };
}

function sameTools(a: readonly SnapshotTool[], b: readonly SnapshotTool[]): boolean {
  if (a.length !== b.length) return false;
  for (let i = 0; i < a.length; i++) if (a[i] !== b[i]) return false;
  return true;
}

// Each snapshot tool with its place in the server's list, in list order. A name listed twice is told
// apart by its schema and description hashes, which the snapshot keeps.
function placed(tools: readonly SnapshotTool[], listed: ListedTool[]): [SnapshotTool, number][] {
  const unplaced = [...tools];
  const out: [SnapshotTool, number][] = [];
  const repeated = new Set(listed.map((t) => t.originalName).filter((name, i, all) => all.indexOf(name) !== i));
  for (const entry of listed) {
    let index = unplaced.findIndex((t) => t.originalName === entry.originalName);
    if (repeated.has(entry.originalName) && isPlainObject(entry.raw)) {
      const schemaHash = hashJson(entry.raw.inputSchema);
      const descriptionHash = descriptionHashOf(typeof entry.raw.description === "string" ? entry.raw.description : "");
      const exact = unplaced.findIndex((t) => t.originalName === entry.originalName && t.schemaHash === schemaHash && t.descriptionHash === descriptionHash);
      if (exact >= 0) index = exact;
    }
    if (index < 0) continue;
    out.push([unplaced[index], entry.position]);
    unplaced.splice(index, 1);
  }
  // Tools of a snapshot made from other lists than the ones given keep no place of their own.
  for (const tool of unplaced) out.push([tool, 0]);
  return out;
}

function toVerdict(tool: SnapshotTool, position: number, hashOf: (tool: SnapshotTool, wire: ClaudeWireTool) => string): Verdict {
  const source = (f: { code: string; message: string; path?: string; fix?: string }): ClientFinding => ({ ...f, source: SOURCES.reconcileRules });
  const base = { serverId: tool.serverId, originalName: tool.originalName, position };
  if (tool.exposedName === null) {
    return { ...base, status: "dropped", sent: null, reasons: (tool.excluded?.reasons ?? []).map(source), notes: [] };
  }
  const wire: ClaudeWireTool = { name: tool.exposedName, description: tool.description, input_schema: tool.inputSchema };
  const flattened: FlattenReport | null = tool.flattened
    ? { ...tool.flattened, keywords: tool.flattened.keywords ?? [tool.flattened.keyword], lost: tool.flattened.lost ?? [] }
    : null;
  return {
    ...base,
    status: "sent",
    sent: {
      name: tool.exposedName,
      callName: tool.exposedName,
      description: tool.description,
      schema: tool.inputSchema,
      cut: null,
      flattened,
      wire,
      toolHash: hashOf(tool, wire),
    },
    reasons: [],
    notes: [...(tool.renamed?.reasons ?? []), ...(flattened ? [{ code: "agent-sdk:flattened", message: `root ${flattened.keywords.join(" + ")} flattened${flattened.lostConstraint ? `; ${flattened.lostConstraint}` : ""}` }] : [])].map(source),
  };
}

