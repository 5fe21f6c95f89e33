/**
 * What the Try it panel needs about one tool: under each client, the name a model calls it by and the
 * final schema that client sends (the form is built from it), or why that client does not send it; the
 * schemas as the server listed them (arguments are checked against the input schema); and the
 * permission rule that applies. Pure over the fleet's raw lists, the clients' settings and the rules.
 */
import { CLIENT_CHOICES, clientView, verdictOf, type ClientSettings } from "@/lib/clients";
import { namesIfSent } from "@/lib/dispatch/dispatch";
import { isPlainObject } from "@/lib/json/values";
import { evaluate } from "@/lib/permissions/rules";
import type { SourcedRule } from "@/lib/permissions/types";
import { claudeCodeName } from "@/lib/reconcile/names";
import type { ServerToolList } from "@/lib/reconcile/types";
import { TRY_CLIENTS, type TryClient, type TryClientChoice, type TryTarget } from "./types";

/** The target, or null when the fleet lists no such tool now. */
export function tryTarget(
  lists: readonly ServerToolList[],
  settings: Partial<Record<TryClientChoice, ClientSettings>>,
  rules: readonly SourcedRule[],
  serverId: string,
  toolName: string,
): TryTarget | null {
  const server = lists.find((s) => s.id === serverId);
  if (!server) return null;
  const raw = server.tools.find((t) => isPlainObject(t) && t.name === toolName);
  if (!isPlainObject(raw)) return null;
  const clients: TryClient[] = TRY_CLIENTS.map((client) => {
    const view = clientView(client, lists, settings[client] ?? {});
    const verdict = verdictOf(view, serverId, toolName);
    const sent = verdict?.sent ?? null;
    return {
      client,
      label: CLIENT_CHOICES[client].label,
      sent: sent !== null,
      callName: sent?.callName ?? namesIfSent(client, { serverId, originalName: toolName })[0],
      ...(sent?.namespace !== undefined ? { namespace: sent.namespace, functionName: sent.name } : {}),
      schema: sent?.schema ?? raw.inputSchema,
      reasons: verdict?.reasons ?? [],
    };
  });
  return {
    serverId,
    toolName,
    serverStatus: server.status,
    inputSchema: raw.inputSchema,
    ...(raw.outputSchema !== undefined ? { outputSchema: raw.outputSchema } : {}),
    decision: evaluate({ serverId, claudeCodeName: claudeCodeName(serverId, toolName) }, rules),
    clients,
  };
}
