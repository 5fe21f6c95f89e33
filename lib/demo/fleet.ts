/**
 * The built-in demo fleet: six small stdio servers, each a spec JSON under
 * lib/demo/servers/ served by raw-server.mjs, chosen so a new user sees every feature at once.
 */
import "server-only";
import { join, resolve } from "node:path";
import type { LoadedConfig, ServerConfig } from "@/lib/config/types";

export interface DemoServer {
  id: string;
  /** The source tag put in front of collided descriptions, e.g. `[GitHub] `. */
  label: string;
  /** What a reader of the dashboard should notice on this server. */
  demonstrates: string;
}

export const DEMO_SERVERS: readonly DemoServer[] = [
  {
    id: "tracker",
    label: "Linear",
    demonstrates:
      "create_issue colliding (divergent) with githost; root oneOf (get_issue) and anyOf (update_issue); a nested anyOf (list_issues.assignee); destructiveHint (delete_issue); a long name over 64 once prefixed; 8 s after start create_issue gains dueDate and list_changed is sent",
  },
  {
    id: "githost",
    label: "GitHub",
    demonstrates: "tools/list over three pages; create_issue colliding with tracker; root allOf (create_or_update_file); tools with no annotations; destructiveHint (delete_branch)",
  },
  {
    id: "chat",
    label: "Slack",
    demonstrates: "every schema declares draft-07 $schema (as McpServer emits); search colliding with wiki and web; the long user-profile name colliding with tracker",
  },
  {
    id: "wiki",
    label: "Notion",
    demonstrates:
      "dotted tool names (pages.get, ...); a top-level property `$filter` the Claude API rejects; a schema invalid under 2020-12 (comments.create); a description over 2,048 characters (databases.query); a nested oneOf; search",
  },
  {
    id: "docs",
    label: "Context7",
    demonstrates: "a tool whose inputSchema has no type: \"object\" (get-library-docs); hyphenated names; fetch_url identical to web's",
  },
  {
    id: "web",
    label: "Brave Search",
    demonstrates: "search (divergent, third server); fetch_url identical to docs' (an identical collision group)",
  },
];

/** Absolute path of the raw MCP server script under a repository root. */
export function rawServerPath(rootDir: string): string {
  return join(resolve(rootDir), "lib", "demo", "raw-server.mjs");
}

/** Absolute path of one demo server's spec JSON. */
export function demoSpecPath(rootDir: string, id: string): string {
  return join(resolve(rootDir), "lib", "demo", "servers", `${id}.json`);
}

/**
 * The demo fleet as a LoadedConfig. `files` is empty: no config file was read, so the data folder is
 * chosen by lib/config/paths for format "demo". Each server's source file is its spec.
 */
export function demoFleetConfig(rootDir: string): LoadedConfig {
  const root = resolve(rootDir);
  const servers: ServerConfig[] = DEMO_SERVERS.map(({ id, label }) => {
    const spec = demoSpecPath(root, id);
    return {
      id,
      label,
      transport: "stdio",
      command: process.execPath,
      args: [rawServerPath(root), spec],
      cwd: root,
      enabled: true,
      source: { file: spec, format: "demo" },
    };
  });
  return { servers, findings: [], files: [] };
}
