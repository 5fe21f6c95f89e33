/**
 * The Codex view (docs/clients.md "Codex"): what Codex CLI 0.169.0 sends for a fleet. MCP tools go out as
 * Responses-API namespaces, one per server (`mcp__<server>`, described by the server's instructions or
 * "Tools in the mcp__<server> namespace."), each function named by the tool name with every character
 * outside [a-zA-Z0-9_] made `_` (names that meet, or run past 128 characters, get a 12-hex suffix:
 * SHA-1 of the tool's raw identity `<server>\0<server>\0\0<tool>\0<tool>`, which reproduces every
 * captured suffix), `strict: false`, its schema rewritten into Codex's subset (codex-schema.ts), its
 * description never cut and never flattened.
 * `enabled_tools` / `disabled_tools` of `[mcp_servers.<id>]` remove tools by their raw names.
 */
import { sha1 } from "@noble/hashes/legacy.js";
import { bytesToHex } from "@noble/hashes/utils.js";
import { toolHash } from "../reconcile/fleet-hash";
import type { ServerToolList } from "../reconcile/types";
import { compareCodeUnits, isPlainObject } from "@/lib/json/values";
import { codexToolFaults } from "./codex-listing";
import type { ListFault } from "./claude-code-listing";
import { byUtf8, codexParameters, type CodexSchemaOutcome } from "./codex-schema";
import { SOURCES } from "./sources";
import type { AppliedSetting, ClientFinding, ClientView, CodexSettings, CodexWireFunction, CodexWireNamespace, ServerVerdict, ToolVerdict } from "./types";
import { finishView, keepSameVerdicts, sortedServers, startServer, toolKeysOf, type ServerPartCache } from "./view";
import { CODEX } from "./client-info";

export { CODEX };

/** Codex 0.169.0 refuses a server whose name breaks this pattern (observed: "Invalid MCP server name"). */
const CODEX_SERVER_ID = /^[a-zA-Z0-9_:@/.-]+$/;

/**
 * The per-tool steps of the view: what Codex does to one tool on its own. Computed every time by
 * default; the fleet model (fleet-model.ts) keeps them per tool and hands in its cached versions.
 */
export interface CodexSteps {
  /** Why Codex's MCP client cannot read this tool (and so loses the server); empty when it reads. */
  faults(raw: unknown, position: number): ListFault[];
  /** The parameters Codex sends for this tool (its inputSchema is an object). */
  parameters(raw: Record<string, unknown>): CodexSchemaOutcome;
  /** The tool hash of the function as sent, with its namespace: `{ namespace, ...wire }`. */
  toolHash(namespace: string, wire: CodexWireFunction): string;
}

export const PLAIN_CODEX_STEPS: CodexSteps = {
  faults: codexToolFaults,
  parameters: (raw) => codexParameters(raw.inputSchema as Record<string, unknown>),
  toolHash: (namespace, wire) => toolHash({ namespace, ...wire }),
};

export interface CodexViewOptions {
  steps?: CodexSteps;
  /** Each server's part kept from an earlier view (fleet-model.ts); reused while it still holds. */
  parts?: ServerPartCache<unknown>;
}

/**
 * Canonical JSON of `{ namespace, ...wire }` from the canonical text of its parameters, so the schema is
 * not serialized again. Equal to canonicalJson({ namespace, ...wire }).
 */
export function canonicalCodexTool(namespace: string, wire: CodexWireFunction, canonicalParameters: string): string {
  // Keys in canonical order: description < name < namespace < parameters < strict < type.
  return `{"description":${JSON.stringify(wire.description)},"name":${JSON.stringify(wire.name)},"namespace":${JSON.stringify(namespace)},"parameters":${canonicalParameters},"strict":${wire.strict},"type":${JSON.stringify(wire.type)}}`;
}

type Verdict = ToolVerdict<CodexWireFunction>;

/** One tool on its way to a Codex name: its raw identity and the parts the model will see. */
interface Candidate {
  verdict: Verdict;
  raw: Record<string, unknown>;
  rawName: string;
  /** `<server>\0<server>\0`: what Codex hashes when two servers' namespaces meet. */
  namespaceIdentity: string;
  /** `<namespace identity>\0<tool>\0<tool>`: what Codex hashes when two names meet; also its sort key. */
  toolIdentity: string;
  namespace: string;
  name: string;
  file: string;
}

/** Codex's name sanitizer: every character (code point, so one `_` per emoji) outside [a-zA-Z0-9_] becomes `_`, `-` too; empty becomes `_`. */
export function codexNamePart(text: string): string {
  return text.replace(/[^a-zA-Z0-9_]/gu, "_") || "_";
}

/** The namespace Codex puts a server's tools in (before any collision suffix). */
export function codexNamespace(serverId: string): string {
  const sanitized = codexNamePart(serverId);
  return sanitized.startsWith("mcp__") ? sanitized : `mcp__${sanitized}`;
}

/** What Codex decided for one server before names are made unique, and (alone) after. */
interface ServerPart {
  own: Verdict[];
  /** `toolKey` of each of `own`. */
  toolKeys: string[];
  verdict: ServerVerdict;
  applied: AppliedSetting[];
  candidates: Candidate[];
  /** The namespace before any collision suffix. */
  base: string;
  /** Sent, by the namespace each ended in, when the server's names were made unique on their own. */
  namespaces: Map<string, Verdict[]>;
  descriptions: Map<string, string>;
  /** Every joined name checked or given while doing so. */
  touched: string[];
  /** `touched`, and each namespace it ended in (as `\u0000<namespace>`): what no other server may hold. */
  claims: string[];
  /** Its namespaces as sent, by name, with their tool hashes: written once, for a fleet whose servers keep apart. */
  sent: { name: string; wire: CodexWireNamespace; toolHashes: string[] }[];
}

export function codexView(servers: readonly ServerToolList[], settings: CodexSettings = {}, options: CodexViewOptions = {}): ClientView<"codex"> {
  const steps = options.steps ?? PLAIN_CODEX_STEPS;
  const cache = options.parts;
  const ordered = sortedServers(servers);
  // Each server's names are made unique on its own (a part kept from an earlier view is reused); that
  // is what Codex does unless two servers' namespaces or names meet, which is then done fleet-wide.
  const parts = ordered.map((server) => {
    const context = contextOf(server, settings, cache);
    let part = cache?.get(server, context) as ServerPart | undefined;
    if (!part) {
      const last = cache?.previous?.(server.id, context) as ServerPart | undefined;
      part = serverPart(server, settings, steps);
      const touched: string[] = [];
      assignCodexNames(part.candidates, touched);
      part.touched = touched;
      sendCandidates(part.candidates, part.namespaces, part.descriptions, new Map([[server.id, part.verdict]]), new Map([[server.id, server.instructions]]), steps);
      swapVerdicts(keepSameVerdicts(part.own, last?.own), part.candidates, part.namespaces);
      part.claims = [...touched, ...[...part.namespaces.keys()].map((n) => `\u0000${n}`)];
      part.sent = [...part.namespaces.keys()].map((name) => namespaceSent(name, part!.namespaces.get(name)!, part!.descriptions.get(name)!));
      cache?.set(server, context, part);
    }
    return part;
  });
  if (!independent(parts)) return fleetWide(ordered, settings, steps, cache);

  // Each server's namespaces are its own: the view is theirs, in namespace order.
  const sent: ServerPart["sent"] = [];
  for (const part of parts) for (const namespace of part.sent) sent.push(namespace);
  sent.sort((a, b) => compareCodeUnits(a.name, b.name));
  const wire: CodexWireNamespace[] = [];
  const toolHashes: string[] = [];
  for (const namespace of sent) {
    wire.push(namespace.wire);
    for (const hash of namespace.toolHashes) toolHashes.push(hash);
  }
  return viewOf(parts, wire, toolHashes, cache);
}

// No two servers share a namespace, and no joined name one checked or got is another's.
function independent(parts: ServerPart[]): boolean {
  const bases = new Set<string>();
  const owner = new Map<string, ServerPart>();
  for (const part of parts) {
    if (part.candidates.length === 0) continue;
    if (bases.has(part.base)) return false;
    bases.add(part.base);
    for (const key of part.claims) {
      const other = owner.get(key);
      if (other !== undefined && other !== part) return false;
      owner.set(key, part);
    }
  }
  return true;
}

// Codex's own order: names made unique across every server at once (servers read afresh, nothing reused).
function fleetWide(ordered: ServerToolList[], settings: CodexSettings, steps: CodexSteps, cache: ServerPartCache<unknown> | undefined): ClientView<"codex"> {
  const parts = ordered.map((server) => serverPart(server, settings, steps));
  const candidates = parts.flatMap((p) => p.candidates);
  assignCodexNames(candidates);
  const namespaces = new Map<string, Verdict[]>();
  const descriptions = new Map<string, string>();
  sendCandidates(candidates, namespaces, descriptions, new Map(parts.map((p) => [p.verdict.serverId, p.verdict])), new Map(ordered.map((s) => [s.id, s.instructions])), steps);
  if (cache?.previous) {
    // A server the meeting names leave alone decides what its own part did: those verdicts are kept.
    const swapped = new Map<Verdict, Verdict>();
    parts.forEach((part, i) => {
      const kept = cache.previous!(ordered[i].id, contextOf(ordered[i], settings, cache)) as ServerPart | undefined;
      for (const [fresh, last] of keepSameVerdicts(part.own, kept?.own)) swapped.set(fresh, last);
    });
    swapVerdicts(swapped, candidates, namespaces);
  }
  return assembleView(parts, namespaces, descriptions, cache);
}

/** What a server's part depends on besides its list: its own settings table. */
function contextOf(server: ServerToolList, settings: CodexSettings, cache: ServerPartCache<unknown> | undefined): string {
  return cache ? JSON.stringify(settings.servers?.[server.id] ?? null) : "";
}

/** The candidates and namespace members of verdicts `keepSameVerdicts` swapped, swapped too. */
function swapVerdicts(swapped: ReadonlyMap<Verdict, Verdict>, candidates: Candidate[], namespaces: Map<string, Verdict[]>): void {
  if (swapped.size === 0) return;
  for (const c of candidates) c.verdict = swapped.get(c.verdict) ?? c.verdict;
  for (const members of namespaces.values()) for (let i = 0; i < members.length; i++) members[i] = swapped.get(members[i]) ?? members[i];
}

function assembleView(parts: ServerPart[], namespaces: Map<string, Verdict[]>, descriptions: Map<string, string>, cache: ServerPartCache<unknown> | undefined): ClientView<"codex"> {
  const wire: CodexWireNamespace[] = [];
  const toolHashes: string[] = [];
  for (const name of [...namespaces.keys()].sort(compareCodeUnits)) {
    const namespace = namespaceSent(name, namespaces.get(name)!, descriptions.get(name)!);
    wire.push(namespace.wire);
    for (const hash of namespace.toolHashes) toolHashes.push(hash);
  }
  return viewOf(parts, wire, toolHashes, cache);
}

// One namespace as sent: its functions by name.
function namespaceSent(name: string, members: Verdict[], description: string): ServerPart["sent"][number] {
  const sorted = [...members].sort((a, b) => compareCodeUnits(a.sent!.name, b.sent!.name));
  return {
    name,
    wire: { type: "namespace", name, description, tools: sorted.map((v) => v.sent!.wire as CodexWireFunction) },
    toolHashes: sorted.map((v) => v.sent!.toolHash),
  };
}

function viewOf(parts: ServerPart[], wire: CodexWireNamespace[], toolHashes: string[], cache: ServerPartCache<unknown> | undefined): ClientView<"codex"> {
  const tools: Verdict[] = [];
  const toolKeys: string[] = [];
  for (const part of parts) {
    for (let i = 0; i < part.own.length; i++) {
      tools.push(part.own[i]);
      toolKeys.push(part.toolKeys[i]);
    }
  }
  return finishView({ client: CODEX, wire, toolHashes, tools, toolKeys, servers: parts.map((p) => p.verdict), applied: parts.flatMap((p) => p.applied), cache });
}

// One server as Codex reads it: whether it starts, which tools its settings leave, and each one's raw name.
function serverPart(server: ServerToolList, settings: CodexSettings, steps: CodexSteps): ServerPart {
  const { listed, own, verdict } = startServer<CodexWireFunction>(server, CODEX.label);
  const part: ServerPart = {
    own,
    toolKeys: toolKeysOf(own),
    verdict,
    applied: [],
    candidates: [],
    base: codexNamespace(server.id),
    namespaces: new Map(),
    descriptions: new Map(),
    touched: [],
    claims: [],
    sent: [],
  };
  if (verdict.lost) return part;
  const config = settings.servers?.[server.id] ?? {};
  const file = config.file ?? "config.toml";
  const loseAll = (lost: NonNullable<ServerVerdict["lost"]>, perTool?: (v: Verdict) => ClientFinding[]) => {
    verdict.lost = lost;
    for (const v of own) v.reasons.push(...(perTool?.(v) ?? [{ code: lost.code, message: lost.message, source: lost.source }]));
  };

  if (config.enabled === false) {
    part.applied.push({ file, setting: `[mcp_servers.${server.id}] enabled = false` });
    loseAll({ code: "codex:server-disabled", message: `${CODEX.label} never starts ${server.id}: enabled = false in ${file}`, source: SOURCES.codexSettings });
    return part;
  }
  if (!CODEX_SERVER_ID.test(server.id)) {
    loseAll({ code: "codex:server-name", message: `${CODEX.label} refuses the server name ${JSON.stringify(server.id)}: it must match ^[a-zA-Z0-9_:@/.-]+$`, source: SOURCES.codexNames });
    return part;
  }
  const faults = listed.flatMap((t) => steps.faults(t.raw, t.position).map((f) => ({ ...f, position: t.position, originalName: t.originalName })));
  if (faults.length > 0) {
    const first = faults[0];
    const others = faults.length - 1;
    loseAll(
      {
        code: "codex:list-refused",
        message: `${CODEX.label} would list 0 tools: ${first.words}, so its MCP client cannot read tools/list and the server fails to start${others > 0 ? ` (and ${others} more fault${others === 1 ? "" : "s"})` : ""}`,
        path: first.path,
        source: SOURCES.codexListing,
        tool: { originalName: first.originalName, position: first.position },
      },
      (v) => {
        const mine = faults.filter((f) => f.position === v.position);
        return mine.length > 0
          ? mine.map((f) => ({ code: "codex:invalid-tool", message: `${f.words}, so Codex cannot read the tools/list of ${server.id}`, path: f.path, source: SOURCES.codexListing }))
          : [{ code: "codex:list-refused", message: `${verdict.lost!.message}; this tool is lost with the rest of ${server.id}`, source: SOURCES.codexListing }];
      },
    );
    return part;
  }

  const enabled = config.enabledTools ? new Set(config.enabledTools) : null;
  const disabled = new Set(config.disabledTools ?? []);
  if (enabled) part.applied.push({ file, setting: `[mcp_servers.${server.id}] enabled_tools = ${JSON.stringify(config.enabledTools)}` });
  if (disabled.size > 0) part.applied.push({ file, setting: `[mcp_servers.${server.id}] disabled_tools = ${JSON.stringify(config.disabledTools)}` });
  const namespaceIdentity = `${server.id}\0${server.id}\0`;
  const seen = new Map<string, Verdict>();
  listed.forEach((t, i) => {
    const v = own[i];
    const raw = t.raw as Record<string, unknown>;
    const rawName = raw.name as string;
    if (enabled && !enabled.has(rawName)) {
      v.reasons.push({ code: "codex:not-enabled", message: `${rawName} is not in enabled_tools of [mcp_servers.${server.id}] in ${file}`, source: SOURCES.codexSettings });
      return;
    }
    if (disabled.has(rawName)) {
      v.reasons.push({ code: "codex:disabled", message: `${rawName} is in disabled_tools of [mcp_servers.${server.id}] in ${file}`, source: SOURCES.codexSettings });
      return;
    }
    const first = seen.get(rawName);
    if (first) {
      v.reasons.push({ code: "codex:duplicate-name", message: `${server.id} lists ${JSON.stringify(rawName)} again; the first is kept (how Codex treats a name a server lists twice is not captured)`, source: SOURCES.codexNames });
      return;
    }
    seen.set(rawName, v);
    part.candidates.push({
      verdict: v,
      raw,
      rawName,
      namespaceIdentity,
      toolIdentity: `${namespaceIdentity}\0${rawName}\0${rawName}`,
      namespace: part.base,
      name: codexNamePart(rawName),
      file,
    });
  });
  if (listed.length > 0 && own.every((v) => v.reasons.some((r) => r.code === "codex:not-enabled" || r.code === "codex:disabled"))) {
    verdict.lost = { code: "codex:all-disabled", message: `${CODEX.label} sends no ${codexNamespace(server.id)} namespace: every tool of ${server.id} is disabled in ${file}`, source: SOURCES.codexSettings };
  }
  return part;
}

// Each named tool as Codex sends it: its schema rewritten, its namespace and name as assigned.
function sendCandidates(
  candidates: Candidate[],
  namespaces: Map<string, Verdict[]>,
  descriptions: Map<string, string>,
  verdictOf: ReadonlyMap<string, ServerVerdict>,
  instructionsOf: ReadonlyMap<string, string | undefined>,
  steps: CodexSteps,
): void {
  for (const c of candidates) {
    const v = c.verdict;
    const schema = steps.parameters(c.raw);
    if (!schema.ok) {
      v.reasons.push({ code: "codex:tool-spec", message: `Codex skips ${c.rawName}: failed to build its tool spec (${schema.error})`, source: SOURCES.codexSchemas });
      continue;
    }
    const description = typeof c.raw.description === "string" ? c.raw.description : "";
    const wire: CodexWireFunction = { type: "function", name: c.name, description, strict: false, parameters: schema.schema };
    v.status = "sent";
    v.sent = { name: c.name, namespace: c.namespace, callName: `${c.namespace}__${c.name}`, description, schema: schema.schema, cut: null, flattened: null, wire, toolHash: steps.toolHash(c.namespace, wire) };
    if (c.name !== c.rawName || c.namespace !== `mcp__${v.serverId}`) {
      v.notes.push({ code: "codex:name-sanitized", message: `sent as ${c.name} in ${c.namespace}`, source: SOURCES.codexNames });
    }
    const stripped = strippedKeywords(c.raw.inputSchema);
    if (stripped.length > 0) v.notes.push({ code: "codex:schema-rewritten", message: `Codex drops ${stripped.join(", ")} at the root, and rewrites the rest to its subset`, source: SOURCES.codexSchemas });
    const list = namespaces.get(c.namespace);
    if (list) list.push(v);
    else namespaces.set(c.namespace, [v]);
    if (!descriptions.has(c.namespace)) descriptions.set(c.namespace, namespaceDescription(c.namespace, instructionsOf.get(v.serverId)));
    verdictOf.get(v.serverId)!.sent++;
  }
}

/** Codex cuts a namespace description (the server's instructions) at this many UTF-8 bytes, on a character boundary. */
const NAMESPACE_DESCRIPTION_BYTES = 512 * 1024;

/** The server's instructions when it sent any (observed), else `Tools in the <namespace> namespace.` */
export function namespaceDescription(namespace: string, instructions: string | undefined): string {
  if (!instructions) return `Tools in the ${namespace} namespace.`;
  if (encoder.encode(instructions).length <= NAMESPACE_DESCRIPTION_BYTES) return instructions;
  let bytes = 0;
  let end = 0;
  for (const char of instructions) {
    bytes += encoder.encode(char).length;
    if (bytes > NAMESPACE_DESCRIPTION_BYTES) break;
    end += char.length;
  }
  return instructions.slice(0, end);
}

/** Codex's model names are at most this long, namespace, `__` and function name together. */
const CODEX_NAME_LIMIT = 128;
const HASH_LENGTH = 12;

// Codex's name normalization: namespaces and names that meet get a hash suffix of their raw identity;
// then, in raw-identity order, a name too long or already taken is cut and given a hash suffix.
function assignCodexNames(candidates: Candidate[], touched?: string[]): void {
  const namespaceIds = groupBy(candidates, (c) => c.namespace, (c) => c.namespaceIdentity);
  for (const c of candidates) {
    if (namespaceIds.get(c.namespace)!.size > 1) c.namespace = namespaceWithSuffix(c.namespace, c.namespaceIdentity);
  }
  const toolIds = groupBy(candidates, (c) => `${c.namespace}\0${c.name}`, (c) => c.toolIdentity);
  const colliding = new Set([...toolIds].filter(([, ids]) => ids.size > 1).map(([key]) => key));
  for (const c of candidates) {
    if (!colliding.has(`${c.namespace}\0${c.name}`)) continue;
    c.name = `${c.name}${hashSuffix(c.toolIdentity)}`;
    c.verdict.notes.push({ code: "codex:name-collision", message: `another tool of the namespace has the same sanitized name, so Codex appends a hash: ${c.name}`, source: SOURCES.codexNames });
  }
  const used = new Set<string>();
  for (const c of [...candidates].sort((a, b) => byUtf8(a.toolIdentity, b.toolIdentity))) {
    const joined = `${c.namespace}${c.name}`;
    touched?.push(joined);
    if (joined.length + 2 <= CODEX_NAME_LIMIT && !used.has(joined)) {
      used.add(joined);
      continue;
    }
    for (let attempt = 0; ; attempt++) {
      const suffix = hashSuffix(attempt === 0 ? c.toolIdentity : `${c.toolIdentity}\0${attempt}`);
      const room = CODEX_NAME_LIMIT - (c.namespace.length + 2);
      const [namespace, name] = room >= suffix.length ? [c.namespace, c.name.slice(0, room - suffix.length) + suffix] : [c.namespace.slice(0, CODEX_NAME_LIMIT - suffix.length - 2), suffix];
      touched?.push(namespace + name);
      if (used.has(namespace + name)) continue;
      used.add(namespace + name);
      c.verdict.notes.push({ code: "codex:name-cut", message: `${c.namespace}__${c.name} is over ${CODEX_NAME_LIMIT} characters or taken; Codex sends ${namespace}__${name}`, source: SOURCES.codexNames });
      c.namespace = namespace;
      c.name = name;
      break;
    }
  }
}

function groupBy<T>(items: T[], key: (item: T) => string, value: (item: T) => string): Map<string, Set<string>> {
  const out = new Map<string, Set<string>>();
  for (const item of items) {
    const k = key(item);
    const set = out.get(k);
    if (set) set.add(value(item));
    else out.set(k, new Set([value(item)]));
  }
  return out;
}

function hashSuffix(identity: string): string {
  return `_${bytesToHex(sha1(encoder.encode(identity))).slice(0, HASH_LENGTH)}`;
}

function namespaceWithSuffix(namespace: string, identity: string): string {
  return namespace.endsWith("__") ? `${namespace.slice(0, -2)}${hashSuffix(identity)}__` : `${namespace}${hashSuffix(identity)}`;
}

const encoder = new TextEncoder();


const KEPT = new Set(["type", "description", "enum", "items", "properties", "required", "additionalProperties", "anyOf", "const", "$ref"]);

function strippedKeywords(schema: unknown): string[] {
  return isPlainObject(schema) ? Object.keys(schema).filter((k) => !KEPT.has(k)) : [];
}
