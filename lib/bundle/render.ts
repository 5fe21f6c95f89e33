/**
 * The Agent SDK bundle generator (docs/bundle.md): the agent-sdk view of a fleet turned
 * into one TypeScript module for a host on @anthropic-ai/sdk: the `tools` array with the prompt-cache
 * breakpoint on its last tool, the forward and reverse alias maps, the full-name hint, the fleet hash,
 * the servers' entries (secrets as `${VAR}` references) and the dispatcher. Pure and deterministic: the
 * same view and entries give the same bytes, whatever order the servers are given in.
 */
import type { ClaudeWireTool, ToolVerdict } from "@/lib/clients/types";
import { compareCodeUnits, isPlainObject } from "@/lib/json/values";
import { prefixedName } from "@/lib/reconcile/names";
import { count } from "@/lib/text/count";
import { systemPromptHint } from "./prompt-hint";
import { RUNTIME, RUNTIME_IMPORTS } from "./runtime";
import { BUNDLE_MARKER, type Bundle, type BundleInput, type BundleServer } from "./types";

const INDENT = "  ";

/** A key of an object literal: `"__proto__": v` would set the prototype instead of a property, so it is computed. */
function key(name: string): string {
  return name === "__proto__" ? `["__proto__"]` : str(name);
}

/** A string literal; U+2028/U+2029 escaped so no tool reading the file sees a line break inside it. */
function str(value: string): string {
  return JSON.stringify(value).replace(/\u2028/g, "\\u2028").replace(/\u2029/g, "\\u2029");
}

/** A JSON value as TypeScript, laid out as JSON.stringify(value, null, 2) lays it out. */
function pretty(value: unknown, depth = 0): string {
  const inner = INDENT.repeat(depth + 1);
  const outer = INDENT.repeat(depth);
  if (Array.isArray(value)) {
    // A short list of strings or numbers (`required`, `enum`, `args`) reads best on one line.
    const flat = value.every((v) => v === null || typeof v !== "object") ? inline(value) : null;
    if (flat !== null && flat.length <= 100) return flat;
    return value.length === 0 ? "[]" : `[\n${value.map((v) => inner + pretty(v, depth + 1)).join(",\n")}\n${outer}]`;
  }
  if (isPlainObject(value)) {
    const entries = Object.entries(value).filter(([, v]) => v !== undefined);
    return entries.length === 0 ? "{}" : `{\n${entries.map(([k, v]) => `${inner}${key(k)}: ${pretty(v, depth + 1)}`).join(",\n")}\n${outer}}`;
  }
  return typeof value === "string" ? str(value) : JSON.stringify(value ?? null);
}

/** A small value on one line. */
function inline(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map(inline).join(", ")}]`;
  if (isPlainObject(value)) {
    const entries = Object.entries(value).filter(([, v]) => v !== undefined);
    return entries.length === 0 ? "{}" : `{ ${entries.map(([k, v]) => `${key(k)}: ${inline(v)}`).join(", ")} }`;
  }
  return typeof value === "string" ? str(value) : JSON.stringify(value ?? null);
}

/** `export const name: Type = { "a": ..., "b": ... };`, one entry per line. */
function record(name: string, type: string, doc: string, entries: readonly [string, unknown][], layout: (v: unknown) => string, exported = true): string {
  const body = entries.length === 0 ? "{}" : `{\n${entries.map(([k, v]) => `${INDENT}${key(k)}: ${layout(v)},`).join("\n")}\n}`;
  return `/** ${doc} */\n${exported ? "export " : ""}const ${name}: ${type} = ${body};`;
}

/** Text inside a block comment: one line, and no `*\/` that would end it. */
function commentText(text: string): string {
  return text.replace(/\s*\n\s*/g, " ").replace(/\*\//g, "* /");
}

const REFERENCE = /\$\{([A-Za-z_][A-Za-z0-9_]*)(?::-[^}]*)?\}/g;

/** The variables an entry's values reference. */
function variablesOf(server: BundleServer): string[] {
  const values =
    server.transport === "stdio"
      ? [server.command, ...(server.args ?? []), server.cwd ?? "", ...Object.values(server.env ?? {})]
      : [server.url, ...Object.values(server.headers ?? {})];
  return values.flatMap((v) => [...v.matchAll(REFERENCE)].map((m) => m[1]));
}

/** The entry without its id, as the file holds it. */
function entryOf(server: BundleServer): Record<string, unknown> {
  if (server.transport === "stdio") return { transport: "stdio", command: server.command, args: server.args, cwd: server.cwd, env: server.env };
  return { transport: server.transport, url: server.url, headers: server.headers };
}

type Verdict = ToolVerdict<ClaudeWireTool>;

/** The answer for a name the model may use for a tool the view does not send (try-a-tool's "not sent" wording). */
function notSentMessages(dropped: readonly Verdict[], sent: ReadonlySet<string>, label: string): [string, string][] {
  const byName = new Map<string, Verdict[]>();
  for (const verdict of dropped) {
    for (const name of new Set([verdict.originalName, prefixedName(verdict.serverId, verdict.originalName)])) {
      if (sent.has(name)) continue;
      byName.set(name, [...(byName.get(name) ?? []), verdict]);
    }
  }
  return [...byName.entries()]
    .sort(([a], [b]) => compareCodeUnits(a, b))
    .map(([name, verdicts]) => {
      const where = verdicts.map((v) => `${v.serverId}:${v.originalName}`).join(", ");
      const why = verdicts.flatMap((v) => v.reasons.map((r) => r.message)).join("; ") || "no reason recorded";
      return [name, `Tool ${JSON.stringify(name)} (${where}) is not sent to the model by ${label}: ${why}.`];
    });
}

/** The text of `index.ts` for this view, and what it holds. */
export function renderBundle(input: BundleInput): Bundle {
  const { view, profile } = input;
  const verdicts: Verdict[] = [...view.tools].sort((a, b) => compareCodeUnits(a.serverId, b.serverId) || a.position - b.position);
  const sent = verdicts.filter((v) => v.sent).sort((a, b) => compareCodeUnits(a.sent!.name, b.sent!.name));
  const sentNames = new Set(sent.map((v) => v.sent!.name));
  const needed = [...new Set(sent.map((v) => v.serverId))].sort(compareCodeUnits);
  const entries = new Map(input.servers.map((s) => [s.id, s]));
  const warnings = [...(input.warnings ?? [])];
  for (const id of needed) if (!entries.has(id)) warnings.push(`${id}: no config entry was given for it; its tools are in the bundle, and calling them answers that the server is not connected`);
  const servers = needed.flatMap((id) => (entries.has(id) ? [entries.get(id)!] : []));
  const variables = [...new Set(servers.flatMap(variablesOf))].sort(compareCodeUnits);

  // The last tool carries the prompt-cache breakpoint: everything up to it (the tools) is cached.
  const tools = sent.map((v, i) => (i === sent.length - 1 ? { ...v.sent!.wire, cache_control: { type: "ephemeral" } } : v.sent!.wire));
  const forward = sent.map((v): [string, unknown] => [v.sent!.name, { serverId: v.serverId, originalName: v.originalName }]);
  const reverse = [...sent]
    .sort((a, b) => compareCodeUnits(a.serverId, b.serverId) || compareCodeUnits(a.originalName, b.originalName) || compareCodeUnits(a.sent!.name, b.sent!.name))
    .map((v): [string, unknown] => [`${v.serverId}:${v.originalName}`, v.sent!.name])
    .filter(([k], i, all) => all.findIndex(([other]) => other === k) === i);
  const notSent = notSentMessages(
    verdicts.filter((v) => !v.sent),
    sentNames,
    view.client.label,
  );

  const summary = `${count(sent.length, "tool")} from ${count(servers.length, "server")}${servers.length ? ` (${servers.map((s) => s.id).join(", ")})` : ""}${profile ? `; profile "${profile.name}" (${profile.servers.join(", ")})` : ""}.`;
  const header = [
    BUNDLE_MARKER,
    "/**",
    " * The tools of an MCP fleet for a host built on @anthropic-ai/sdk, reconciled by MCP Fleet (its docs/bundle.md):",
    ` * ${commentText(summary)}`,
    " * fleetHash changes exactly when what the model sees changes: key the prompt cache by it.",
    ...(variables.length ? [` * Set in the environment where the host runs: ${variables.join(", ")}.`] : []),
    ...(warnings.length ? [" *", " * Noticed when it was made:", ...warnings.map((w) => ` * - ${commentText(w)}`)] : []),
    " *",
    " *   const first = await anthropic.messages.create({ model, max_tokens: 1024, system: systemPromptHint, tools, messages });",
    " *   const results = [];",
    ' *   for (const block of first.content) if (block.type === "tool_use") results.push(await dispatch(block));',
    ' *   // send results back as the next user message; when the host is done: await close();',
    " */",
  ].join("\n");

  const text = [
    header,
    RUNTIME_IMPORTS,
    `/** MCP Fleet's fleet hash: SHA-256 over the hashes of the tools below. The prompt-cache key. */\nexport const fleetHash = ${str(view.fleetHash)};`,
    `/** Put it in the system prompt: models tend to drop a server prefix in the first turn. */\nexport const systemPromptHint = ${str(systemPromptHint(view))};`,
    record("forward", "Record<string, { serverId: string; originalName: string }>", "Exposed name -> the server and the tool's original name.", forward, inline),
    record("reverse", "Record<string, string>", '"<serverId>:<originalName>" -> exposed name.', reverse, inline),
    record("servers", "Record<string, ServerEntry>", "The servers the tools come from, as the configs wrote them; secrets stay references.", servers.map((s): [string, unknown] => [s.id, entryOf(s)]), (v) => pretty(v, 1)),
    record("notSent", "Record<string, string>", "Names of tools MCP Fleet leaves out, with why: the answer when the model calls one.", notSent, inline, false),
    RUNTIME.trimEnd(),
    `/** The Claude API tools, ordered by name; the last one carries the prompt-cache breakpoint. */\nexport const tools: Tool[] = ${pretty(tools)};`,
  ].join("\n\n");

  return {
    text: `${text}\n`,
    fleetHash: view.fleetHash,
    tools: sent.map((v) => v.sent!.name),
    servers: servers.map((s) => s.id),
    profile: profile?.name ?? null,
    variables,
    warnings,
  };
}
