/**
 * The Claude Code view (docs/clients.md "Claude Code"): what Claude Code 2.1.328 (or a version before
 * 2.1.195) sends to the model for a fleet. Fleet-wide steps only: the strict listing that loses a whole
 * server to one bad tool, names `mcp__<server>__<tool>` sanitized and never cut, the first of two tools
 * whose names become equal kept, deny rules removing tools, and the MCP tools sorted by name. Per-tool
 * steps live in claude-code-tool.ts and can be swapped for a cached version.
 */
import { claudeCodeName } from "../reconcile/names";
import { toolHashOfText, canonicalClaudeTool } from "../reconcile/fleet-hash";
import type { ServerToolList } from "../reconcile/types";
import { ruleMatches } from "../permissions/rules";
import { strictToolFaults, type ListFault } from "./claude-code-listing";
import { DEFAULT_CLAUDE_CODE_TOOL_OPTIONS, prepareClaudeCodeTool, type ClaudeCodeToolOptions, type ClaudeCodeVersion, type PreparedClaudeTool } from "./claude-code-tool";
import { SOURCES } from "./sources";
import type { AppliedSetting, ClaudeCodeSettings, ClaudeWireTool, ClientInfo, ClientView, ServerVerdict, ToolVerdict } from "./types";
import { finishView, keepSameVerdicts, sortedServers, startServer, toolKeysOf, type ServerPartCache } from "./view";
import { CLAUDE_CODE, CLAUDE_CODE_BEFORE_2_1_195 } from "./client-info";

export { CLAUDE_CODE, CLAUDE_CODE_BEFORE_2_1_195 };

/**
 * The per-tool steps of the view: what Claude Code does to one tool on its own. Computed every time by
 * default; the fleet model (fleet-model.ts) keeps them per tool and hands in its cached versions.
 */
export interface ClaudeCodeSteps {
  /** Why the strict listing refuses this tool (and so the whole server); empty when it parses. */
  faults(raw: unknown, position: number): ListFault[];
  /** The tool as Claude Code sends it, the name aside (`raw` has no faults). */
  prepare(raw: Record<string, unknown>, options: ClaudeCodeToolOptions): PreparedClaudeTool;
  /** The tool hash of the wire entry `{ name, description, input_schema }`. */
  toolHash(name: string, prepared: Extract<PreparedClaudeTool, { ok: true }>): string;
}

export const PLAIN_CLAUDE_CODE_STEPS: ClaudeCodeSteps = {
  faults: strictToolFaults,
  prepare: (raw, options) => prepareClaudeCodeTool(raw, options),
  toolHash: (name, prepared) => toolHashOfText(canonicalClaudeTool(name, prepared.description, prepared.canonicalSchema)),
};

export interface ClaudeCodeViewOptions {
  version?: ClaudeCodeVersion;
  steps?: ClaudeCodeSteps;
  /** Each server's part kept from an earlier view (fleet-model.ts); reused while it still holds. */
  parts?: ServerPartCache<unknown>;
}

type Verdict = ToolVerdict<ClaudeWireTool>;

/** The tool-name pattern in Claude Code's program text; a longer name is dropped (observed at 141 characters). */
const CLAUDE_TOOL_NAME = /^[a-zA-Z0-9_-]{1,128}$/;

/**
 * Claude Code sorts its MCP tools by name in collation order (observed: `_` before `-` before digits and
 * letters, case ignored first, then lower case first), the order of `Intl.Collator("en")`, the same on
 * every machine (docs/fleet-snapshot.md, rule 7). For the names it can send ([a-zA-Z0-9_-]) that order is
 * this key's code-unit order, then the case (collation-key.test.ts proves it against Intl.Collator),
 * without calling the collator 130,000 times for 10,000 tools.
 */
export function collationKey(name: string): string {
  // Two plain replacements: a pattern with a function per match costs several times as much.
  return name.toLowerCase().replaceAll("_", "\u0001").replaceAll("-", "\u0002");
}

/** Claude Code's order of two sendable names from their collation keys: level one, then lower case first, then code units. */
export function compareSendable(a: string, keyA: string, b: string, keyB: string): number {
  if (keyA !== keyB) return keyA < keyB ? -1 : 1;
  for (let i = 0; i < a.length; i++) {
    const x = a.charCodeAt(i);
    const y = b.charCodeAt(i);
    if (x !== y) return x > y ? -1 : 1; // same letter in another case: lower case (the larger code) first
  }
  return 0;
}

/** What Claude Code decided for one server: its verdicts, the settings that applied, the tools it sends. */
interface ServerPart {
  own: Verdict[];
  /** The prepared tool each sent verdict of `own` was made from (by place). */
  prepared: (PreparedClaudeTool | undefined)[];
  /** `toolKey` of each of `own`. */
  toolKeys: string[];
  verdict: ServerVerdict;
  applied: AppliedSetting[];
  /** Sent, in list order, with the collation key of each name. */
  sent: Verdict[];
  keys: string[];
  /** The names checked against earlier servers' names, and whether one was taken then. */
  asked: string[];
  metTaken: boolean;
}

/** What Claude Code sends for these servers, with its own settings applied (deny rules, disabled servers). */
export function claudeCodeView(servers: readonly ServerToolList[], settings: ClaudeCodeSettings = {}, options: ClaudeCodeViewOptions = {}): ClientView<"claude-code"> {
  const version = options.version ?? "2.1.328";
  const client = version === "2.1.328" ? CLAUDE_CODE : CLAUDE_CODE_BEFORE_2_1_195;
  const toolOptions: ClaudeCodeToolOptions = {
    ...DEFAULT_CLAUDE_CODE_TOOL_OPTIONS,
    version,
    ...(settings.maxDescriptionLength ? { descriptionLimit: settings.maxDescriptionLength } : {}),
  };
  const steps = options.steps ?? PLAIN_CLAUDE_CODE_STEPS;
  const cache = options.parts;
  const context = cache ? `${version}\u0000${toolOptions.descriptionLimit}\u0000${JSON.stringify([settings.deny ?? [], settings.disabledServers ?? []])}` : "";
  const applied: AppliedSetting[] = [];
  const verdicts: Verdict[] = [];
  const toolKeys: string[] = [];
  const serverVerdicts: ServerVerdict[] = [];
  // Names already sent by earlier servers: the first surviving tool keeps a name.
  const taken = new Map<string, Verdict>();
  const parts: ServerPart[] = [];

  for (const server of sortedServers(servers)) {
    // A part kept from an earlier view holds when none of its names has been taken since, nor was then.
    let part = cache?.get(server, context) as ServerPart | undefined;
    if (part && (part.metTaken || part.asked.some((name) => taken.has(name)))) part = undefined;
    if (!part) {
      const last = cache?.previous?.(server.id, context) as ServerPart | undefined;
      part = serverPart(server, settings, client, toolOptions, steps, taken, last);
      // Verdicts that were not sent are few: those that say the same as before are found by content.
      const swapped = keepSameVerdicts(part.own, last?.own);
      if (swapped.size > 0) part.sent = part.sent.map((v) => swapped.get(v) ?? v);
      cache?.set(server, context, part);
    }
    parts.push(part);
    for (let i = 0; i < part.own.length; i++) {
      verdicts.push(part.own[i]);
      toolKeys.push(part.toolKeys[i]);
    }
    serverVerdicts.push(part.verdict);
    for (const setting of part.applied) applied.push(setting);
    for (const v of part.sent) taken.set(v.sent!.name, v);
  }

  // Claude Code sends its MCP tools sorted by name in collation order (observed: `_` before `-` before
  // digits and letters, case ignored first), whatever order the servers list them in.
  const sent = sentInOrder(parts, cache, context);
  return finishView({
    client,
    wire: sent.map((v) => v.sent!.wire),
    toolHashes: sent.map((v) => v.sent!.toolHash),
    tools: verdicts,
    toolKeys,
    servers: serverVerdicts,
    applied: dedupeApplied(applied),
    cache,
  });
}

/** The order of the last view's sent tools, with the part each came from, for the next view of the same settings. */
interface SentOrder {
  context: string;
  parts: ReadonlySet<ServerPart>;
  verdicts: Verdict[];
  keys: string[];
  owners: ServerPart[];
}

// Every part's sent tools in collation order. Sent names are unique across the fleet (the first keeps
// a name), so the order is total: the last view's order, less the parts that are gone, with the new
// parts' tools merged in, is the order a full sort gives.
function sentInOrder(parts: ServerPart[], cache: ServerPartCache<unknown> | undefined, context: string): Verdict[] {
  const last = cache?.lastView as SentOrder | undefined;
  const reuse = last !== undefined && last.context === context;
  const keep = new Set(parts);
  const fresh = reuse ? parts.filter((p) => !last.parts.has(p)) : parts;
  // New parts' tools sorted among themselves.
  const added: number[] = [];
  const addedVerdicts: Verdict[] = [];
  const addedKeys: string[] = [];
  const addedOwners: ServerPart[] = [];
  for (const part of fresh) {
    for (let i = 0; i < part.sent.length; i++) {
      added.push(added.length);
      addedVerdicts.push(part.sent[i]);
      addedKeys.push(part.keys[i]);
      addedOwners.push(part);
    }
  }
  added.sort((a, b) => compareSendable(addedVerdicts[a].sent!.name, addedKeys[a], addedVerdicts[b].sent!.name, addedKeys[b]));
  const order: SentOrder = { context, parts: keep, verdicts: [], keys: [], owners: [] };
  const push = (v: Verdict, key: string, owner: ServerPart) => {
    order.verdicts.push(v);
    order.keys.push(key);
    order.owners.push(owner);
  };
  // Merge: the kept parts' tools in the last order, each new tool before the first kept one that does
  // not sort before it.
  let next = 0;
  if (reuse) {
    for (let i = 0; i < last.verdicts.length; i++) {
      const owner = last.owners[i];
      if (!keep.has(owner)) continue;
      const v = last.verdicts[i];
      const key = last.keys[i];
      while (next < added.length) {
        const a = added[next];
        if (compareSendable(v.sent!.name, key, addedVerdicts[a].sent!.name, addedKeys[a]) < 0) break;
        push(addedVerdicts[a], addedKeys[a], addedOwners[a]);
        next++;
      }
      push(v, key, owner);
    }
  }
  for (; next < added.length; next++) push(addedVerdicts[added[next]], addedKeys[added[next]], addedOwners[added[next]]);
  if (cache) cache.lastView = order;
  return order.verdicts;
}

function serverPart(
  server: ServerToolList,
  settings: ClaudeCodeSettings,
  client: ClientInfo,
  toolOptions: ClaudeCodeToolOptions,
  steps: ClaudeCodeSteps,
  taken: ReadonlyMap<string, Verdict>,
  last?: ServerPart,
): ServerPart {
  const { listed, own, verdict } = startServer<ClaudeWireTool>(server, client.label);
  const part: ServerPart = { own, prepared: new Array(own.length), toolKeys: toolKeysOf(own), verdict, applied: [], sent: [], keys: [], asked: [], metTaken: false };
  if (verdict.lost) return part;

  const disabled = settings.disabledServers?.find((d) => d.server === server.id);
  if (disabled) {
    part.applied.push({ file: disabled.file, setting: `disabledMcpjsonServers: ${server.id}` });
    verdict.lost = { code: "claude-code:server-disabled", message: `${client.label} never starts ${server.id}: disabledMcpjsonServers in ${disabled.file}`, source: SOURCES.claudeCodePermissions };
    for (const v of own) v.reasons.push({ code: "claude-code:server-disabled", message: verdict.lost.message, source: SOURCES.claudeCodePermissions });
    return part;
  }

  const faults = listed.flatMap((t) => steps.faults(t.raw, t.position).map((f) => ({ ...f, position: t.position, originalName: t.originalName })));
  if (faults.length > 0) {
    verdict.lost = wholeListLoss(client.label, faults);
    for (const v of own) {
      const mine = faults.filter((f) => f.position === v.position);
      v.reasons.push(
        ...(mine.length > 0
          ? mine.map((f) => ({ code: "claude-code:invalid-tool", message: `${f.words}, so Claude Code refuses the whole tools/list of ${server.id}`, path: f.path, source: SOURCES.claudeCodeListing }))
          : [{ code: "claude-code:list-refused", message: `${verdict.lost!.message}; this tool is lost with the rest of ${server.id}`, source: SOURCES.claudeCodeListing }]),
      );
    }
    return part;
  }

  const ownNames = new Map<string, Verdict>();
  listed.forEach((t, i) => {
    const v = own[i];
    const raw = t.raw as Record<string, unknown>;
    const name = claudeCodeName(server.id, String(raw.name));
    const prepared = steps.prepare(raw, toolOptions);
    if (!prepared.ok) {
      v.reasons.push(...prepared.reasons);
      return;
    }
    if (!CLAUDE_TOOL_NAME.test(name)) {
      v.reasons.push({
        code: "claude-code:name-too-long",
        message: `${name} is ${name.length} characters; Claude Code drops a tool whose name breaks ^[a-zA-Z0-9_-]{1,128}$, silently`,
        source: SOURCES.claudeCodeNames,
      });
      return;
    }
    // Names are made unique after the per-tool checks: the first surviving tool keeps the name.
    part.asked.push(name);
    const earlier = taken.get(name);
    if (earlier) part.metTaken = true;
    const first = earlier ?? ownNames.get(name);
    if (first) {
      v.reasons.push({
        code: "claude-code:duplicate-name",
        message: `${name} is already the name of ${first.serverId}:${first.originalName}, listed before it; Claude Code keeps the first and drops this one silently`,
        source: SOURCES.claudeCodeNames,
      });
      return;
    }
    const deny = settings.deny?.find((d) => ruleMatches(d.rule, "deny", { serverId: server.id, claudeCodeName: name }));
    if (deny) {
      part.applied.push({ file: deny.file, setting: `deny ${deny.rule}` });
      v.reasons.push({ code: "claude-code:denied", message: `denied by "${deny.rule}" in ${deny.file}: Claude Code removes ${name} from the request`, source: SOURCES.claudeCodePermissions });
      return;
    }
    part.prepared[i] = prepared;
    part.keys.push(collationKey(name));
    verdict.sent++;
    // A sent verdict is made from its prepared tool (one per tool content), its name and its place: the
    // last part's, made from the very same, is kept (the same object).
    const was = last?.prepared[i] === prepared ? last.own[i] : undefined;
    if (was?.sent && was.sent.name === name && was.position === v.position) {
      own[i] = was;
      ownNames.set(name, was);
      part.sent.push(was);
      return;
    }
    const wire: ClaudeWireTool = { name, description: prepared.description, input_schema: prepared.schema };
    v.status = "sent";
    v.sent = {
      name,
      callName: name,
      description: prepared.description,
      schema: prepared.schema,
      cut: prepared.cut,
      flattened: prepared.flattened,
      wire,
      toolHash: steps.toolHash(name, prepared),
    };
    v.notes.push(...prepared.notes);
    if (name !== `mcp__${server.id}__${String(raw.name)}`) {
      v.notes.push({ code: "claude-code:name-sanitized", message: `sent as ${name}: invisible characters removed, the rest outside [a-zA-Z0-9_-] made "_"`, source: SOURCES.claudeCodeNames });
    }
    ownNames.set(name, v);
    part.sent.push(v);
  });
  if (verdict.sent === 0 && listed.length > 0 && own.every((v) => v.reasons.some((r) => r.code === "claude-code:denied"))) {
    verdict.lost = { code: "claude-code:server-denied", message: `${client.label} would list 0 tools: every tool of ${server.id} is denied`, source: SOURCES.claudeCodePermissions };
  }
  return part;
}

// "Claude Code would list 0 tools: `get-library-docs` has no root type" (and how many other faults).
function wholeListLoss(label: string, faults: (ListFault & { position: number; originalName: string })[]): NonNullable<ServerVerdict["lost"]> {
  const first = faults[0];
  const others = faults.length - 1;
  return {
    code: "claude-code:list-refused",
    message: `${label} would list 0 tools: ${first.words}${others > 0 ? ` (and ${others} more fault${others === 1 ? "" : "s"})` : ""}`,
    path: first.path,
    source: SOURCES.claudeCodeListing,
    tool: { originalName: first.originalName, position: first.position },
  };
}

function dedupeApplied(applied: AppliedSetting[]): AppliedSetting[] {
  const seen = new Set<string>();
  return applied.filter((a) => {
    const key = `${a.file}\u0000${a.setting}`;
    if (seen.has(key)) return false;
    seen.add(key);
    return true;
  });
}

