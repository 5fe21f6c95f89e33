/**
 * Runtime server changes behind `POST /api/servers`, `DELETE /api/servers/<id>`, reconnect and
 * refresh: the entry is read by lib/config exactly like a Claude Code `mcpServers` entry, and only
 * redacted details ever go back.
 */
import "server-only";

import { parseServerEntry, type ConfigFinding, type ConfigSource } from "@/lib/config";
import { FleetError } from "@/lib/errors";
import type { ServerDetails } from "@/lib/fleet/types";
import type { FleetContext } from "./context";
import { rememberSecrets } from "./log";

/** Where a runtime entry came from, for findings that name the place. */
export function runtimeSource(id: string): ConfigSource {
  return { file: "(added in the dashboard)", format: "runtime", pointer: `/mcpServers/${id}` };
}

export function findServer(context: FleetContext, id: string): ServerDetails | undefined {
  return context.manager.getState().servers.find((server) => server.id === id);
}

export function requireServer(context: FleetContext, id: string): ServerDetails {
  const server = findServer(context, id);
  if (!server) throw new FleetError("not_found", "servers", `No server "${id}" in the fleet.`);
  return server;
}

/** Add a server at runtime; returns its (redacted) details and the config's warnings. */
export async function addServer(
  context: FleetContext,
  body: { id: string; config: Record<string, unknown> },
  env: Record<string, string | undefined>,
): Promise<{ server: ServerDetails | null; findings: ConfigFinding[] }> {
  const { server, findings } = parseServerEntry(body.id, body.config, runtimeSource(body.id), env);
  const errors = findings.filter((finding) => finding.severity === "error");
  if (errors.length > 0 || !server) {
    const reasons = errors.map((finding) => finding.message).join("; ");
    throw new FleetError("bad_request", "servers", reasons || `The entry for "${body.id}" could not be read as an mcpServers entry.`);
  }
  if (server.invalid) throw new FleetError("bad_request", "servers", server.invalid);
  if (findServer(context, server.id)) {
    throw new FleetError("conflict", "servers", `A server "${server.id}" is already in the fleet: remove it first or choose another id.`);
  }
  rememberSecrets(server);
  await context.manager.register(server);
  return { server: findServer(context, server.id) ?? null, findings };
}
