/**
 * Finds a schema that applies itself to the same value again without consuming any of it (a `$ref`
 * chain `A -> B -> A`, an `anyOf` holding `{ "$ref": "#" }` at the root): validating against it never
 * ends, and Ajv overflows its stack compiling the pure `$ref` loops. Found without recursion and in time
 * linear in the schema's size, so a hostile schema is refused before any validator sees it.
 */
import { isPlainObject } from "@/lib/json/values";
import { pointerTokens, pointerToken } from "@/lib/json/pointer";

type Node = Record<string, unknown>;

/** Keywords whose subschemas apply to the very value the schema applies to (not to a part of it). */
const IN_PLACE_SINGLE = ["not", "if", "then", "else"] as const;
const IN_PLACE_ARRAY = ["allOf", "anyOf", "oneOf"] as const;
const IN_PLACE_MAP = ["dependentSchemas"] as const;
/** Keywords that name another schema by reference; only local ones (`#`, `#/...`) are followed. */
const REF_KEYWORDS = ["$ref", "$dynamicRef", "$recursiveRef"] as const;

/** The object at a local reference (`#`, `#/$defs/A`), or null when it is not local or names no object. */
function localTarget(root: Node, ref: string): Node | null {
  if (ref === "#") return root;
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
  }
  return isPlainObject(node) ? node : null;
}

/** The schemas `schema` applies to the same value. */
function inPlaceEdges(root: Node, schema: Node): Node[] {
  const out: Node[] = [];
  for (const key of IN_PLACE_SINGLE) if (isPlainObject(schema[key])) out.push(schema[key] as Node);
  for (const key of IN_PLACE_ARRAY) {
    const list = schema[key];
    if (Array.isArray(list)) for (const item of list) if (isPlainObject(item)) out.push(item);
  }
  for (const key of IN_PLACE_MAP) {
    const map = schema[key];
    if (isPlainObject(map)) for (const value of Object.values(map)) if (isPlainObject(value)) out.push(value);
  }
  for (const key of REF_KEYWORDS) {
    const ref = schema[key];
    if (typeof ref !== "string") continue;
    const target = localTarget(root, ref);
    if (target) out.push(target);
  }
  return out;
}

/** Where an object sits: the nearest object holding it, and the tokens from there (two through an array: `allOf`, `0`). */
interface Place {
  parent: Node | null;
  tokens: string[];
}

/** Every object of the document with its place, breadth first in document order (the first place met wins). */
function placesOf(root: Node): Map<Node, Place> {
  const places = new Map<Node, Place>();
  const pending: { node: unknown; parent: Node | null; tokens: string[] }[] = [{ node: root, parent: null, tokens: [] }];
  for (let next = 0; next < pending.length; next++) {
    const { node, parent, tokens } = pending[next];
    if (Array.isArray(node)) node.forEach((child, i) => pending.push({ node: child, parent, tokens: [...tokens, String(i)] }));
    else if (isPlainObject(node) && !places.has(node)) {
      places.set(node, { parent, tokens });
      for (const [key, child] of Object.entries(node)) if (typeof child === "object" && child !== null) pending.push({ node: child, parent: node, tokens: [key] });
    }
  }
  return places;
}

/** The JSON Pointer of an object, from its chain of places (built only for the loop that is reported). */
function pointerOf(node: Node, places: Map<Node, Place>): string {
  const parts: string[][] = [];
  for (let at: Node | null = node; at !== null; at = places.get(at)?.parent ?? null) parts.push(places.get(at)?.tokens ?? []);
  return parts
    .reverse()
    .flat()
    .map((t) => `/${pointerToken(t)}`)
    .join("");
}

/**
 * A chain of schema pointers that comes back to where it started without consuming the value (the
 * first such loop found, the start repeated at its end: `["/$defs/A", "/$defs/B", "/$defs/A"]`), or
 * null when there is none. The root is `""`.
 */
export function inPlaceCycle(root: unknown): string[] | null {
  if (!isPlainObject(root)) return null;
  const places = placesOf(root);
  const state = new Map<Node, "open" | "done">();
  // Iterative depth-first search from every object of the document, in document order (any may be a schema a `$ref` names).
  for (const start of places.keys()) {
    if (state.has(start)) continue;
    const stack: { node: Node; edges: Node[]; next: number }[] = [{ node: start, edges: inPlaceEdges(root, start), next: 0 }];
    state.set(start, "open");
    while (stack.length > 0) {
      const frame = stack[stack.length - 1];
      if (frame.next >= frame.edges.length) {
        state.set(frame.node, "done");
        stack.pop();
        continue;
      }
      const to = frame.edges[frame.next++];
      const seen = state.get(to);
      if (seen === "open") {
        const from = stack.findIndex((f) => f.node === to);
        return [...stack.slice(from).map((f) => f.node), to].map((n) => pointerOf(n, places));
      }
      if (seen === "done") continue;
      state.set(to, "open");
      stack.push({ node: to, edges: inPlaceEdges(root, to), next: 0 });
    }
  }
  return null;
}

/** A loop for people: `#/$defs/A -> #/$defs/B -> #/$defs/A`. */
export function describeCycle(chain: readonly string[]): string {
  return chain.map((at) => `#${at}`).join(" -> ");
}
