/** The pure reconciler: raw tool lists in, the FleetSnapshot contract out (browser-safe). */
export { reconcile } from "./reconcile";
export {
  sanitizeNamePart,
  claudeCodeName,
  claudeCodeNameFindings,
  sanitizeName,
  prefixedName,
  nameSuffix,
  EXPOSED_NAME_PATTERN,
  type SanitizedName,
} from "./names";
export {
  finalDescription,
  descriptionLengthFinding,
  cutDescription,
  CLAUDE_CODE_DESCRIPTION_LIMIT,
  TRUNCATION_SUFFIX,
  type DescriptionCut,
} from "./describe";
export { canonicalClaudeTool, fleetHashOf, toolHash, toolHashOfText } from "./fleet-hash";
export { analyzeSchema, type SchemaAnalysis } from "./schema-analysis";
export type * from "./types";
