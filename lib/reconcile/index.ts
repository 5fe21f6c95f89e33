/** The pure reconciler: raw tool lists in, the FleetSnapshot contract out (browser-safe). */
export { reconcile } from "./reconcile";
export {
  claudeCodeName,
  claudeCodeNameFindings,
  sanitizeName,
  prefixedName,
  nameSuffix,
  EXPOSED_NAME_PATTERN,
  type SanitizedName,
} from "./names";
export { finalDescription, descriptionLengthFinding, DESCRIPTION_LIMIT } from "./describe";
export { buildFleetHash, type FleetHashItem } from "./fleet-hash";
export { analyzeSchema, type SchemaAnalysis } from "./schema-analysis";
export type * from "./types";
