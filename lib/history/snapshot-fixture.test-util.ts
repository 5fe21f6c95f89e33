/**
 * Test-only: a FleetSnapshot from a few lines of tools, with real hashes (lib/schema's hashJson) and
 * collision groups by original name, so history tests read as tables.
 */
import { hashJson } from "@/lib/schema/hash";
import type { FleetSnapshot, ServerStatus, SnapshotTool } from "@/lib/reconcile/types";

export interface ToolSpec {
  name: string;
  schema?: unknown;
  description?: string;
  annotations?: Record<string, unknown>;
  excluded?: string;
}

export function fixtureSnapshot(servers: Record<string, ToolSpec[] | ServerStatus>): FleetSnapshot {
  const entries = Object.entries(servers);
  const owners = new Map<string, string[]>();
  for (const [serverId, tools] of entries) {
    if (typeof tools === "string") continue;
    for (const t of tools) owners.set(t.name, [...(owners.get(t.name) ?? []), serverId]);
  }
  const tools: SnapshotTool[] = [];
  for (const [serverId, list] of entries) {
    if (typeof list === "string") continue;
    for (const spec of list) {
      const schema = spec.schema ?? { type: "object", properties: {} };
      const description = spec.description ?? `${spec.name} does things`;
      const colliding = (owners.get(spec.name) ?? []).length > 1;
      tools.push({
        serverId,
        originalName: spec.name,
        exposedName: spec.excluded ? null : colliding ? `${serverId}__${spec.name}` : spec.name,
        claudeCodeName: `mcp__${serverId}__${spec.name}`,
        annotations: spec.annotations,
        description,
        inputSchema: schema,
        originalDescription: description,
        originalInputSchema: schema,
        schemaHash: hashJson(schema),
        descriptionHash: hashJson(description),
        annotationsHash: spec.annotations ? hashJson(spec.annotations) : null,
        flattened: null,
        renamed: null,
        excluded: spec.excluded ? { reasons: [{ code: "schema:test", message: spec.excluded }] } : null,
        warnings: [],
        checks: [],
      });
    }
  }
  const collisions = [...owners.entries()]
    .filter(([, ids]) => ids.length > 1)
    .map(([name, ids]) => {
      const members = ids.map((serverId) => {
        const tool = tools.find((t) => t.serverId === serverId && t.originalName === name)!;
        return { serverId, exposedName: tool.exposedName, schemaHash: tool.schemaHash };
      });
      const kind = new Set(members.map((m) => m.schemaHash)).size === 1 ? ("identical" as const) : ("divergent" as const);
      return { name, kind, members };
    });
  return {
    fleetHash: hashJson(tools.map((t) => [t.exposedName, t.schemaHash, t.descriptionHash])),
    servers: entries.map(([id, list]) => ({
      id,
      status: typeof list === "string" ? list : "ready",
      ...(list === "error" ? { error: "exited with code 1" } : {}),
      toolCount: typeof list === "string" ? 0 : list.length,
    })),
    tools,
    collisions,
    forward: {},
    reverse: {},
  };
}
