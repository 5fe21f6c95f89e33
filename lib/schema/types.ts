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

/**
 * How a root `anyOf` / `oneOf` / `allOf` was flattened, Claude Code's way (docs/fleet-snapshot.md
 * "Flattening"; docs/clients.md): the sentence put before the description and, in words, everything
 * the flat schema no longer enforces, so a user can see what the server must now check itself.
 */
export interface FlattenInfo {
  /** The combinator whose wording the sentence uses: `oneOf` when present, else `anyOf`, else `allOf`. */
  keyword: CombinatorKeyword;
  /** Every root combinator that was merged, in the order its branches are read: anyOf, oneOf, allOf (always set by flattenSchema). */
  keywords?: CombinatorKeyword[];
  /** `Input constraint: ...`, joined to the description with a blank line (`sentence + "\n\n" + description`). */
  sentence: string;
  /** Everything lost, joined in one line starting "the server must check: " (absent when nothing is lost). */
  lostConstraint?: string;
  /**
   * Each thing the flat schema no longer enforces, with its place in the original schema:
   * `flatten:one-of`, `flatten:at-least-one-of`, `flatten:root-keyword`, `flatten:branch-keyword`,
   * `flatten:property-name`, `flatten:branch-ignored`, `flatten:property-conflict` (always set by flattenSchema).
   */
  lost?: Finding[];
}
