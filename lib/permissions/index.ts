/**
 * lib/permissions: the pure permissions model (docs/permissions.md). No I/O, no
 * Node-only imports: the browser runs the same code for previews and the effective decision.
 */
export * from "./types";
export { evaluate, isAnchoredGlob, isMcpRule, ignoredReason, ourSourcedRules, ruleMatches, ruleName, sortRules, LIST_ORDER } from "./rules";
export { suggestDecision } from "./suggest";
export { combinedRules, managedRuleNames, permissionRows, type PermissionRow } from "./effective";
export { allowedAtOf, lintRules, type LintInput } from "./lint";
export { claudeSettingsText, exportClaude, type ClaudeExport } from "./export-claude";
export { exportCodex, tomlKey, type CodexExport } from "./export-codex";
export { cursorText, exportCursor, type CursorExport } from "./export-cursor";
export { mergeClaudeSettings, type MergeResult, type OurClaudeRules } from "./merge-claude";
export { mcpRulesOf, readSettingsText, RULE_LISTS, type JsonProblem, type SettingsText } from "./settings-text";
export { closeNames, editDistance } from "./close-names";
export type * from "./api-types";
export { applyEdits, draftChanges, draftKey, rulesWithDrafts, savedDecision, shadowedOurRules, type DraftLintInput, type Drafts } from "./drafts";
