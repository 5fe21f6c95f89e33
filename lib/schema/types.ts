/**
 * What the schema checks and the flattener report, as plain values: the findings, check results and
 * flattening notes that the FleetSnapshot carries per tool (docs/fleet-snapshot.md).
 */

/** A finding about a tool or a schema: a reason it was renamed or excluded, or a warning. */
export interface Finding {
  /** Stable machine code, e.g. `schema:property-name`, `name:too-long`, `spec:missing-input-schema`. */
  code: string;
  /** One sentence a user can act on. */
  message: string;
  /** JSON Pointer into the schema (`/properties/foo`) where it applies, when it does. */
  path?: string;
  /** A suggested fix, when there is one. */
  fix?: string;
}

/** One check of rules 5 and 6 (docs/fleet-snapshot.md), as shown in the tool detail view. */
export interface CheckResult {
  /** e.g. `spec`, `property-names`, `metaschema`, `flatten`, `claude-name`, `description-length`. */
  check: string;
  status: "pass" | "fail" | "warn" | "skipped";
  /** e.g. "metaschema check skipped: draft-07". */
  message: string;
}

export type CombinatorKeyword = "anyOf" | "oneOf" | "allOf";

export interface FlattenInfo {
  keyword: CombinatorKeyword;
  /** anyOf / oneOf only: the constraint the flat schema no longer expresses, in words. */
  lostConstraint?: string;
  /** The sentence put before the description, e.g. "Provide exactly one of: (id) or (key)." */
  sentence?: string;
}
