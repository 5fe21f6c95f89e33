/**
 * Finds a schema that applies itself to the same value again without consuming any of it (a `$ref`
 * chain `A -> B -> A`, an `anyOf` holding `{ "$ref": "#" }` at the root): validating against it never
 * ends, and Ajv overflows its stack compiling the pure `$ref` loops. Found without recursion, so a
 * hostile schema is refused before any validator sees it.
 */
import { isPlainObject } from "@/lib/json/values";
import { pointer, pointerTokens } from "@/lib/json/pointer";

/** Keywords whose subschemas apply to the very value the schema applies to (not to a part of it). */
const IN_PLACE_SINGLE = ["not", "if", "then", "else"] as const;
const IN_PLACE_ARRAY = ["allOf", "anyOf", "oneOf"] as const;
const IN_PLACE_MAP = ["dependentSchemas"] as const;
/** Keywords that name another schema by reference; only local ones (`#`, `#/...`) are followed. */
const REF_KEYWORDS = ["$ref", "$dynamicRef", "$recursiveRef"] as const;

/** The schema at a local reference (`#`, `#/$defs/A`), as a pointer from the root; null when it is not local or names nothing. */
function localTarget(root: unknown, ref: string): string | null {
  if (ref === "#") return "";
  if (!ref.startsWith("#/")) return null;
  let tokens: string[];
  try {
    tokens = pointerTokens(decodeURIComponent(ref.slice(1)));
  } catch {
    return null;
  }
  let node: unknown = root;
  for (const token of tokens) {
    if (Array.isArray(node)) node = node[Number(token)];
    else if (isPlainObject(node)) node = Object.prototype.hasOwnProperty.call(node, token) ? node[token] : undefined;
    else return null;
    if (node === undefined) return null;
  }
  return pointer("", ...tokens);
}

function nodeAt(root: unknown, at: string): unknown {
  let node: unknown = root;
  for (const token of pointerTokens(at)) {
    if (Array.isArray(node)) node = node[Number(token)];
    else if (isPlainObject(node)) node = node[token];
    else return undefined;
  }
  return node;
}

/** The pointers of the schemas `at` applies to the same value. */
function inPlaceEdges(root: unknown, at: string): string[] {
  const schema = nodeAt(root, at);
  if (!isPlainObject(schema)) return [];
  const out: string[] = [];
  for (const key of IN_PLACE_SINGLE) if (isPlainObject(schema[key])) out.push(pointer(at, key));
  for (const key of IN_PLACE_ARRAY) {
    const list = schema[key];
    if (Array.isArray(list)) list.forEach((item, i) => isPlainObject(item) && out.push(pointer(at, key, i)));
  }
  for (const key of IN_PLACE_MAP) {
    const map = schema[key];
    if (isPlainObject(map)) for (const name of Object.keys(map)) if (isPlainObject(map[name])) out.push(pointer(at, key, name));
  }
  for (const key of REF_KEYWORDS) {
    const ref = schema[key];
    if (typeof ref !== "string") continue;
    const target = localTarget(root, ref);
    if (target !== null) out.push(target);
  }
  return out;
}

/**
 * A chain of schema pointers that comes back to where it started without consuming the value (the
 * first such loop found, the start repeated at its end: `["/$defs/A", "/$defs/B", "/$defs/A"]`), or
 * null when there is none. The root is `""`.
 */
export function inPlaceCycle(root: unknown): string[] | null {
  // Iterative depth-first search over every schema reachable in place from every schema of the document.
  const state = new Map<string, "open" | "done">();
  const starts = allSchemaPointers(root);
  for (const start of starts) {
    if (state.has(start)) continue;
    const stack: { at: string; edges: string[]; next: number }[] = [{ at: start, edges: inPlaceEdges(root, start), next: 0 }];
    state.set(start, "open");
    while (stack.length > 0) {
      const frame = stack[stack.length - 1];
      if (frame.next >= frame.edges.length) {
        state.set(frame.at, "done");
        stack.pop();
        continue;
      }
      const to = frame.edges[frame.next++];
      const seen = state.get(to);
      if (seen === "open") {
        const from = stack.findIndex((f) => f.at === to);
        return [...stack.slice(from).map((f) => f.at), to];
      }
      if (seen === "done") continue;
      state.set(to, "open");
      stack.push({ at: to, edges: inPlaceEdges(root, to), next: 0 });
    }
  }
  return null;
}

/** Every object in the document, by pointer (any of them may be a schema a `$ref` names). */
function allSchemaPointers(root: unknown): string[] {
  const out: string[] = [];
  const pending: [unknown, string][] = [[root, ""]];
  // Breadth first, in document order, so the loop reported is the one met first from the root.
  for (let next = 0; next < pending.length; next++) {
    const [node, at] = pending[next];
    if (Array.isArray(node)) node.forEach((child, i) => pending.push([child, pointer(at, i)]));
    else if (isPlainObject(node)) {
      out.push(at);
      for (const key of Object.keys(node)) pending.push([node[key], pointer(at, key)]);
    }
  }
  return out;
}

/** A loop for people: `#/$defs/A -> #/$defs/B -> #/$defs/A`. */
export function describeCycle(chain: readonly string[]): string {
  return chain.map((at) => `#${at}`).join(" -> ");
}
