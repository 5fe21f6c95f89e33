/** The pure schema toolkit: canonical JSON, hashes, flattening, checks and diffs (browser-safe). */
export { canonicalJson } from "./canonical-json";
export { sha256Hex, sha256Stream, portableSha256Hex, portableSha256Stream, useSha256, hashJson, shortHash, type Sha256Hex, type Sha256Stream } from "./hash";
export { flattenSchema, type FlattenOutcome } from "./flatten";
export {
  checkSchema,
  checkPropertyNames,
  checkMetaschema,
  checkPortability,
  schemaDialect,
  PROPERTY_NAME_PATTERN,
  type CheckOutcome,
  type SchemaCheckReport,
} from "./checks";
export { toolSpecViolations, toolIdentityViolations, schemaSpecViolations, duplicateNameViolation, specCheck } from "./spec";
export { diffSchemas, summarizeSchemaDiff, type SchemaChange, type SchemaDiffSummary } from "./diff";
export type * from "./types";
