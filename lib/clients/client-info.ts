/**
 * Which client, at which version, each view models (docs/clients.md). Alone in a module of its own so a
 * page that only names the clients (every page's store and client switch) does not load the views, the
 * reconciler and the schema checks with them.
 */
import type { ClientInfo } from "./types";

export const CLAUDE_CODE: ClientInfo & { id: "claude-code" } = { id: "claude-code", version: "2.1.328", label: "Claude Code 2.1.328" };
export const CLAUDE_CODE_BEFORE_2_1_195: ClientInfo & { id: "claude-code" } = {
  id: "claude-code",
  version: "2.1.194",
  label: "Claude Code before 2.1.195",
};
export const CODEX: ClientInfo & { id: "codex" } = { id: "codex", version: "0.169.0", label: "Codex 0.169.0" };
export const AGENT_SDK: ClientInfo & { id: "agent-sdk" } = { id: "agent-sdk", version: "mcp-fleet", label: "Agent SDK host (MCP Fleet's reconciler)" };
