/**
 * What the call routes do once their input is checked: a call dispatched through the chosen client's view
 * of the live fleet and sent on its connection (lib/calls), the session's calls kept in memory on
 * globalThis (never on disk: arguments may hold secrets), a running call cancelled by its id, and the
 * Try it panel's target. Every change goes out as a `calls` event naming the tool, never the arguments.
 */
import "server-only";


import { loadCallSetup } from "@/lib/calls/call-setup";
import { CallLog } from "@/lib/calls/call-log";
import { runCall, type CallInput, type CallSetup } from "@/lib/calls/run-call";
import { tryTarget } from "@/lib/calls/try-target";
import { TRY_CLIENTS, type CallAnswer, type CallRecord, type TryClientChoice, type TryTarget } from "@/lib/calls/types";
import type { ClientChoice, ClientSettings } from "@/lib/clients";
import { FleetError } from "@/lib/errors";
import { launchShellEnvironment } from "@/lib/fleet/server-env";
import type { OurRule } from "@/lib/permissions/types";
import { ourRules, permissionsProjectDir } from "@/lib/settings/permissions-service";
import { getFleetContext, getHistory, type FleetContext } from "./context";
import { publishEvent } from "./event-bus";

const KEY = Symbol.for("mcp-fleet.calls");
interface Calls {
  log: CallLog;
  running: Map<string, AbortController>;
}
type WithCalls = typeof globalThis & { [KEY]?: Calls };

function calls(): Calls {
  const g = globalThis as WithCalls;
  return (g[KEY] ??= { log: new CallLog(), running: new Map() });
}

/** What the `calls` event carries: which call of which tool changed (the page then reloads that tool's calls). */
export interface CallsEvent {
  id: string;
  serverId: string | null;
  toolName: string | null;
  status: CallRecord["status"];
}

function keep(record: CallRecord): void {
  calls().log.put(record);
  publishEvent("calls", { id: record.id, serverId: record.serverId, toolName: record.toolName, status: record.status } satisfies CallsEvent);
}

/** Our rules, or none when the history cannot be read (the settings files' rules still apply). */
async function ours(): Promise<OurRule[]> {
  try {
    const { store } = await getHistory();
    return ourRules(store);
  } catch {
    return [];
  }
}

async function setupFor(context: FleetContext, client: ClientChoice, rules: OurRule[]): Promise<CallSetup> {
  const projectDir = permissionsProjectDir(context.projectDir, context.dataDir, context.demo);
  return loadCallSetup(client, context.loaded, { projectDir, env: launchShellEnvironment(), ours: rules, tools: context.manager.getState().snapshot.tools, relativeTo: projectDir ?? context.dataDir });
}

/** A call the dashboard starts: what runCall takes, less a no to an ask rule (the page asks again) and the signal (made here, so cancelCall can stop it). */
export type StartCall = Omit<CallInput, "declined" | "signal">;

/** Runs one call to its end (or answers an ask rule's question); the record is kept and announced. */
export async function startCall(input: StartCall): Promise<CallAnswer> {
  const state = calls();
  if (state.log.has(input.id) || state.running.has(input.id)) throw new FleetError("conflict", "calls", `A call with the id "${input.id}" was already made; send a new id.`);
  const context = await getFleetContext();
  const setup = await setupFor(context, input.client, await ours());
  const abort = new AbortController();
  state.running.set(input.id, abort);
  try {
    const answer = await runCall(context.manager, setup, { ...input, signal: abort.signal }, { onSent: keep });
    if ("call" in answer) keep(answer.call);
    return answer;
  } finally {
    state.running.delete(input.id);
  }
}

/** Cancels a running call: the server is sent notifications/cancelled, and the call ends as cancelled. */
export function cancelCall(id: string): { cancelled: boolean; call: CallRecord | null } {
  const state = calls();
  const running = state.running.get(id);
  if (running) {
    running.abort("cancelled by the user");
    return { cancelled: true, call: state.log.get(id) ?? null };
  }
  const call = state.log.get(id);
  if (!call) throw new FleetError("not_found", "calls", `No call "${id}" in this session.`);
  return { cancelled: false, call };
}

/** The session's calls, newest first (of one tool when both are given), and that tool's target for the Try it panel. */
export async function listCalls(filter: { serverId?: string; toolName?: string }): Promise<{ calls: CallRecord[]; target: TryTarget | null }> {
  const log = calls().log.list(filter);
  if (filter.serverId === undefined || filter.toolName === undefined) return { calls: log, target: null };
  const context = await getFleetContext();
  const lists = context.manager.toolLists();
  const settings: Partial<Record<TryClientChoice, ClientSettings>> = {};
  const mine = await ours();
  let rules: CallSetup["rules"] = [];
  for (const client of TRY_CLIENTS) {
    const setup = await setupFor(context, client, mine);
    settings[client] = setup.settings;
    rules = setup.rules;
  }
  return { calls: log, target: tryTarget(lists, settings, rules, filter.serverId, filter.toolName) };
}
