/** Shared test data for the permissions tests: a small orders server (look up, create a note, refund). */
import { claudeCodeName } from "@/lib/reconcile/names";
import type { PermissionServer, PermissionTool } from "./types";

export function tool(serverId: string, name: string, annotations?: PermissionTool["annotations"], excluded = false): PermissionTool {
  return {
    serverId,
    originalName: name,
    claudeCodeName: claudeCodeName(serverId, name),
    annotations,
    excluded: excluded ? { reasons: [{ code: "schema:property-name", message: "bad property name" }] } : null,
  };
}

export const TOOLS: PermissionTool[] = [
  tool("orders", "lookup_order", { readOnlyHint: true }),
  tool("orders", "create_note", { destructiveHint: false }),
  tool("orders", "refund_order", { destructiveHint: true }),
  tool("orders", "bad tool", {}, true),
  tool("files", "read_file", { readOnlyHint: true }),
  tool("files", "write_file"),
  tool("files", "weird.name"),
];

export const SERVERS: PermissionServer[] = [
  { id: "orders", status: "ready" },
  { id: "files", status: "ready" },
  { id: "down", status: "error" },
];
