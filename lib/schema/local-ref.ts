/**
 * Local `$ref` resolution (`#/$defs/X`, `#/definitions/X`, any `#/...` JSON Pointer into the same
 * document), shared by the flattener and the Codex schema rewrite. Chains of refs are followed with
 * a guard, so a `$ref` cycle ends in a value, never in a loop or a stack overflow.
 */
import { isPlainObject } from "./keywords";

export type RefResolution =
  | { status: "resolved"; value: unknown; via: string[] }
  | { status: "not-local"; ref: string }
  | { status: "missing"; ref: string }
  | { status: "cycle"; via: string[] };

/** The tokens of a URI fragment JSON Pointer (`#/a~1b/c%20d` -> ["a/b", "c d"]), or null when it is not one. */
export function fragmentTokens(ref: string): string[] | null {
  if (!ref.startsWith("#")) return null;
  let fragment: string;
  try {
    fragment = decodeURIComponent(ref.slice(1));
  } catch {
    return null;
  }
  if (fragment === "") return [];
  if (!fragment.startsWith("/")) return null;
  return fragment
    .slice(1)
    .split("/")
    .map((token) => token.replace(/~1/g, "/").replace(/~0/g, "~"));
}

/** The value a local JSON Pointer names in `root`, or undefined. */
export function pointerTarget(root: unknown, tokens: readonly string[]): unknown {
  let node: unknown = root;
  for (const token of tokens) {
    if (Array.isArray(node)) {
      if (!/^(0|[1-9]\d*)$/.test(token)) return undefined;
      node = node[Number(token)];
    } else if (isPlainObject(node) && Object.prototype.hasOwnProperty.call(node, token)) {
      node = node[token];
    } else {
      return undefined;
    }
  }
  return node;
}

/**
 * Follows `{ "$ref": "#/..." }` from `node` until it reaches a schema that is not a ref. `via` lists
 * every ref followed. A ref that leaves the document, names nothing, or comes back to itself stops.
 */
export function resolveLocalRef(root: unknown, node: unknown): RefResolution {
  const via: string[] = [];
  let current = node;
  while (isPlainObject(current) && typeof current.$ref === "string") {
    const ref = current.$ref;
    if (via.includes(ref)) return { status: "cycle", via: [...via, ref] };
    const tokens = fragmentTokens(ref);
    if (tokens === null) return { status: "not-local", ref };
    via.push(ref);
    const target = pointerTarget(root, tokens);
    if (target === undefined) return { status: "missing", ref };
    current = target;
  }
  return { status: "resolved", value: current, via };
}
