/**
 * lib/permissions: the pure permissions model (docs/permissions.md). No I/O, no
 * Node-only imports: the browser runs the same code for previews and the effective decision.
 */
export * from "./types";
export { evaluate, isAnchoredGlob, isMcpRule, ignoredReason, ruleMatches, ruleName, sortRules, LIST_ORDER } from "./rules";
export { suggestDecision } from "./suggest";
export { combinedRules, permissionRows, SHARED_PROJECT_SETTINGS, type PermissionRow, type WorkspaceTrust } from "./effective";
export { allowedAtOf, lintRules, type LintInput } from "./lint";
export { claudeSettingsText, exportClaude, untrustedAllowWarning, type ClaudeExport } from "./export-claude";
export { compileClaudeRules, expandServerNames, type CompiledClaudeRules, type CompiledRule } from "./compile-claude";
export { exportServers, intendedDecision, looserExceptions, STRICTNESS, type ExportServer, type ExportTool, type IntendedDecision } from "./universe";
export { exportCodex, tomlKey, type CodexExport } from "./export-codex";
export { cursorText, exportCursor, type CursorExport } from "./export-cursor";
export { mergeClaudeSettings, type MergeResult, type OurClaudeRules } from "./merge-claude";
export { mcpRulesOf, readSettingsText, RULE_LISTS, type JsonProblem, type SettingsText } from "./settings-text";
export { closeNames, editDistance } from "./close-names";
export type * from "./api-types";
export { applyEdits, draftChanges, draftKey, rulesWithDrafts, savedDecision, shadowedOurRules, type DraftLintInput, type Drafts } from "./drafts";
