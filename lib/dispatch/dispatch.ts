/**
 * The dispatcher (docs/calls.md): a call as the model sends it, under its client's name, resolved through
 * that client's view to the server and the original name, or answered with an error the model can
 * recover from instead of crashing its loop: an unknown name lists the names that exist, closest
 * first; a tool the client does not send says why; a denied tool is not called and the rule is named;
 * arguments are checked against the tool's original schema before anything is sent (what flattening
 * loosened is caught here); an ask rule asks first. Pure: no I/O, no clock, no randomness.
 */
import { codexNamePart, codexNamespace } from "@/lib/clients/codex";
import type { ClientId, ClientView, ToolVerdict } from "@/lib/clients/types";
import { verdictByCallName } from "@/lib/clients/view";
import { isPlainObject, compareCodeUnits } from "@/lib/json/values";
import { closeNames } from "@/lib/permissions/close-names";
import { evaluate } from "@/lib/permissions/rules";
import type { EffectiveDecision } from "@/lib/permissions/types";
import { claudeCodeName, prefixedName, sanitizeNamePart } from "@/lib/reconcile/names";
import type { ServerToolList } from "@/lib/reconcile/types";
import { validateInstance, type InstanceCheck } from "@/lib/schema/validate-instance";
import type { CallTarget, Dispatch, DispatchInput, Refusal } from "./types";
import { lookupName, toolsCallParams } from "./wire";

/** At most this many names are spelled out in an unknown-tool answer. */
export const MAX_NAMES_LISTED = 50;

type Verdict = ToolVerdict<unknown>;

/** Where a call name leads in a view. */
export type Resolution =
  | { kind: "sent"; verdict: Verdict; callName: string }
  | { kind: "not-sent"; verdicts: Verdict[] }
  | { kind: "server-unavailable"; serverId: string; message: string }
  | { kind: "unknown"; names: string[]; closest: string[]; unavailable: string[] };

/** The names a client would send a tool under, had it not dropped it: how a model (or a person) may still call it. */
export function namesIfSent(client: ClientId, verdict: Pick<Verdict, "serverId" | "originalName">): string[] {
  switch (client) {
    case "claude-code":
      return [claudeCodeName(verdict.serverId, verdict.originalName)];
    case "codex":
      return [`${codexNamespace(verdict.serverId)}__${codexNamePart(verdict.originalName)}`];
    case "agent-sdk":
      return [verdict.originalName, prefixedName(verdict.serverId, verdict.originalName)];
  }
}

/** The prefix every name of a server's tools starts with in this client, when there is one. */
function serverPrefix(client: ClientId, serverId: string): string {
  if (client === "claude-code") return `mcp__${sanitizeNamePart(serverId)}__`;
  if (client === "codex") return `${codexNamespace(serverId)}__`;
  return `${serverId}__`;
}

/** Resolves a call name (Codex: with its namespace) through a view. */
export function resolveCallName(view: ClientView, name: string, namespace?: string): Resolution {
  const wanted = lookupName({ name, namespace });
  const client = view.client.id;
  const sent = verdictByCallName(view, wanted) as Verdict | undefined;
  if (sent?.sent) return { kind: "sent", verdict: sent, callName: wanted };
  const dropped = (view.tools as Verdict[]).filter((v) => v.status === "dropped" && namesIfSent(client, v).includes(wanted));
  if (dropped.length > 0) return { kind: "not-sent", verdicts: dropped };
  const down = view.servers.filter((s) => s.status !== "ready");
  const owner = down.find((s) => wanted.startsWith(serverPrefix(client, s.serverId)));
  if (owner) {
    return { kind: "server-unavailable", serverId: owner.serverId, message: owner.lost?.message ?? `server ${owner.serverId} is ${owner.status}` };
  }
  const all = Object.keys(view.byCallName).sort(compareCodeUnits);
  const closest = closeNames(wanted, all);
  const names = [...closest, ...all.filter((n) => !closest.includes(n))];
  return { kind: "unknown", names, closest, unavailable: down.map((s) => s.lost?.message ?? `server ${s.serverId} is ${s.status}`) };
}

function quoteList(names: readonly string[]): string {
  const shown = names.slice(0, MAX_NAMES_LISTED).join(", ");
  return names.length > MAX_NAMES_LISTED ? `${shown}, … and ${names.length - MAX_NAMES_LISTED} more` : shown;
}

function unknownRefusal(wanted: string, r: Extract<Resolution, { kind: "unknown" }>, label: string): Refusal {
  const list = r.names.length === 0 ? `${label} sends no tool at all.` : `Tools that exist${r.closest.length ? ", closest first" : ""}: ${quoteList(r.names)}.`;
  const down = r.unavailable.length ? ` Not connected, so their tools are unknown: ${r.unavailable.join("; ")}.` : "";
  return { code: "unknown-tool", message: `Unknown tool ${JSON.stringify(wanted)}. ${list}${down}`, names: r.names, closest: r.closest };
}

function notSentRefusal(wanted: string, verdicts: Verdict[], label: string): Refusal {
  const reasons = verdicts.flatMap((v) => v.reasons);
  const where = verdicts.map((v) => `${v.serverId}:${v.originalName}`).join(", ");
  const why = reasons.map((r) => r.message).join("; ") || "no reason recorded";
  const denied = reasons.some((r) => r.code === "claude-code:denied");
  return {
    code: "not-sent",
    message: `Tool ${JSON.stringify(wanted)} (${where}) is not sent to the model by ${label}${denied ? ", so it cannot be called" : ""}: ${why}.`,
    reasons,
  };
}

/** The original tool as its server listed it, for the schemas. */
function rawTool(servers: readonly ServerToolList[], verdict: Verdict): Record<string, unknown> {
  const server = servers.find((s) => s.id === verdict.serverId);
  const raw = server?.tools[verdict.position - 1];
  return isPlainObject(raw) ? raw : {};
}

function targetOf(servers: readonly ServerToolList[], verdict: Verdict, callName: string): CallTarget {
  const raw = rawTool(servers, verdict);
  return {
    serverId: verdict.serverId,
    originalName: verdict.originalName,
    callName,
    position: verdict.position,
    inputSchema: raw.inputSchema,
    ...(raw.outputSchema !== undefined ? { outputSchema: raw.outputSchema } : {}),
  };
}

/** Where to look in a schema-check failure list, in words: `$.title: missing required property "title"; ...`. */
export function describeArgumentErrors(check: InstanceCheck): string {
  if (check.status !== "invalid") return "";
  return check.errors.map((e) => `${e.path}: ${e.message}`).join("; ");
}

/** Decides what the host does with one call. See the module header; the result is a value, never a throw. */
export function dispatch(input: DispatchInput): Dispatch {
  const { view, call } = input;
  const client = view.client.id;
  const label = view.client.label;
  const wanted = lookupName(call);
  const resolution = resolveCallName(view, call.name, call.namespace);
  const refuse = (refusal: Refusal, rest: Partial<Pick<Extract<Dispatch, { action: "refuse" }>, "target" | "decision" | "argumentCheck">> = {}): Dispatch => ({
    action: "refuse",
    client,
    refusal,
    target: rest.target ?? null,
    decision: rest.decision ?? null,
    argumentCheck: rest.argumentCheck ?? null,
  });
  switch (resolution.kind) {
    case "unknown":
      return refuse(unknownRefusal(wanted, resolution, label));
    case "not-sent":
      return refuse(notSentRefusal(wanted, resolution.verdicts, label));
    case "server-unavailable":
      return refuse({ code: "server-unavailable", message: `Tool ${JSON.stringify(wanted)} belongs to server ${resolution.serverId}, which is not connected: ${resolution.message}.` });
  }

  const target = targetOf(input.servers, resolution.verdict, resolution.callName);
  const decision: EffectiveDecision = input.rules
    ? evaluate({ serverId: target.serverId, claudeCodeName: claudeCodeName(target.serverId, target.originalName) }, input.rules)
    : { decision: "none", rule: null, why: "no permission rules given" };
  if (decision.decision === "deny") {
    return refuse({ code: "denied", message: `Tool ${JSON.stringify(wanted)} was not called: ${decision.why} denies it.`, ...(decision.rule ? { rule: decision.rule } : {}) }, { target, decision });
  }

  const args = call.arguments === undefined ? {} : call.arguments;
  if (!isPlainObject(args)) {
    const kind = Array.isArray(args) ? "an array" : args === null ? "null" : `a ${typeof args}`;
    return refuse({ code: "arguments-not-object", message: `The arguments of ${JSON.stringify(wanted)} must be a JSON object, not ${kind}.` }, { target, decision });
  }
  const argumentCheck = validateInstance(target.inputSchema, args);
  const forced = input.force === true;
  if (argumentCheck.status === "invalid" && !forced) {
    return refuse(
      {
        code: "invalid-arguments",
        message: `The arguments do not match the input schema of ${target.serverId}:${target.originalName} (checked as ${argumentCheck.dialect} before sending): ${describeArgumentErrors(argumentCheck)}.`,
        errors: argumentCheck.errors,
      },
      { target, decision, argumentCheck },
    );
  }

  const confirmed = input.confirmed === true;
  if (decision.decision === "ask" && !confirmed) {
    return { action: "confirm", client, target, decision, argumentCheck, question: `${decision.why} asks before ${wanted} is called on server ${target.serverId}. Call it?` };
  }
  return { action: "send", client, target, decision, argumentCheck, params: toolsCallParams(target, args), forced: forced && argumentCheck.status === "invalid", confirmed: confirmed && decision.decision === "ask" };
}

/** An ask the user did not confirm (said no, or could not be asked): the tool is not called. */
export function decline(asked: Extract<Dispatch, { action: "confirm" }>, because: string): Extract<Dispatch, { action: "refuse" }> {
  return {
    action: "refuse",
    client: asked.client,
    refusal: {
      code: "declined",
      message: `Tool ${JSON.stringify(asked.target.callName)} was not called: ${asked.decision.why} asks first, and ${because}.`,
      ...(asked.decision.rule ? { rule: asked.decision.rule } : {}),
    },
    target: asked.target,
    decision: asked.decision,
    argumentCheck: asked.argumentCheck,
  };
}
