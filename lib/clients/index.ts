/**
 * lib/clients: one view per client (docs/fleet-snapshot.md "Words": client view), pure and deterministic. Pick a
 * client by its id (`claude-code`, `claude-code@2.1.194` for the versions before 2.1.195, `codex`,
 * `agent-sdk`) and pass the fleet's raw tool lists and that client's own settings.
 */
import type { ServerToolList } from "../reconcile/types";
import { AGENT_SDK, agentSdkView } from "./agent-sdk";
import { CLAUDE_CODE, CLAUDE_CODE_BEFORE_2_1_195, claudeCodeView } from "./claude-code";
import { CODEX, codexView } from "./codex";
import type { ClaudeCodeSettings, ClientInfo, ClientView, CodexSettings } from "./types";

export * from "./types";
export { AGENT_SDK, agentSdkView } from "./agent-sdk";
export { CLAUDE_CODE, CLAUDE_CODE_BEFORE_2_1_195, claudeCodeView, type ClaudeCodeViewOptions } from "./claude-code";
export { prepareClaudeCodeTool, type ClaudeCodeToolOptions, type ClaudeCodeVersion, type PreparedClaudeTool } from "./claude-code-tool";
export { strictToolFaults, toolLabel, type ListFault } from "./claude-code-listing";
export {
  DEFERRED_ENTRIES,
  DEFERRED_HEADING,
  DEFERRED_SOURCE,
  deferredAnnouncement,
  isAlwaysLoad,
  toolLoadingOf,
  type ToolLoading,
  type ToolSearchSetting,
} from "./claude-code-deferred";
export { CODEX, codexNamePart, codexNamespace, codexView, type CodexViewOptions } from "./codex";
export { codexParameters, type CodexSchemaOutcome } from "./codex-schema";
export { codexToolFaults } from "./codex-listing";
export { SOURCES } from "./sources";
export { toolKey, verdictByCallName, verdictOf } from "./view";

/** The client choices a view can be asked for, with the version each models. */
export const CLIENT_CHOICES = {
  "claude-code": CLAUDE_CODE,
  "claude-code@2.1.194": CLAUDE_CODE_BEFORE_2_1_195,
  codex: CODEX,
  "agent-sdk": AGENT_SDK,
} as const satisfies Record<string, ClientInfo>;

export type ClientChoice = keyof typeof CLIENT_CHOICES;

export function isClientChoice(value: string): value is ClientChoice {
  return Object.prototype.hasOwnProperty.call(CLIENT_CHOICES, value);
}

/** Every client's own settings; each view reads only its own. */
export interface ClientSettings {
  claudeCode?: ClaudeCodeSettings;
  codex?: CodexSettings;
}

/** The view of one client for the fleet's raw tool lists. */
export function clientView(choice: ClientChoice, servers: readonly ServerToolList[], settings: ClientSettings = {}): ClientView {
  switch (choice) {
    case "claude-code":
      return claudeCodeView(servers, settings.claudeCode);
    case "claude-code@2.1.194":
      return claudeCodeView(servers, settings.claudeCode, { version: "2.1.194" });
    case "codex":
      return codexView(servers, settings.codex);
    case "agent-sdk":
      return agentSdkView(servers);
  }
}
