/**
 * lib/clients: one view per client (docs/fleet-snapshot.md "Words": client view), pure and deterministic. Pick a
 * client by its id (`claude-code`, `claude-code@2.1.194` for the versions before 2.1.195, `codex`,
 * `agent-sdk`) and pass the fleet's raw tool lists and that client's own settings.
 */
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
export { CLIENT_CHOICES, CLIENT_CHOICE_LIST, DEFAULT_CLIENT, isClientChoice, type ClientChoice, type ClientSettings, type ClientViewOf } from "./choices";
export { clientView } from "./client-view";
export { analyseFleet, viewsOf, type ClientViews, type FleetAnalysis } from "./fleet-analysis";
export { FleetModel, type FleetModelResult, type FleetModelStats } from "./fleet-model";
