/**
 * Canonical JSON (RFC 8785 / JCS key order): object keys sorted recursively by UTF-16 code units,
 * no whitespace, numbers and strings as JSON.stringify writes them. The basis of every hash
 * (docs/fleet-snapshot.md "Words"): sorting only the top level would let a nested change keep the hash.
 * Written with an explicit stack, not recursion: a server may send a schema nested thousands of
 * levels deep, and hashing it must never overflow the call stack.
 */

/** Canonical JSON text of a JSON value. `undefined` members are left out, as JSON.stringify does. */
export function canonicalJson(value: unknown): string {
  const top = scalarText(value);
  if (top !== CONTAINER) return top ?? "null";
  const state: Writer = { out: "", frames: [] };
  open(state, value as object);
  while (state.frames.length > 0) step(state);
  return state.out;
}

// A container (array or object) is written by frames; anything else is one piece of text.
const CONTAINER = Symbol("container");

type Frame =
  | { array: unknown[]; index: number }
  | { object: Record<string, unknown>; keys: string[]; index: number; first: boolean };

interface Writer {
  out: string;
  frames: Frame[];
}

// Returns undefined for values JSON has no text for (undefined, functions, symbols), so objects can skip them.
function scalarText(value: unknown): string | undefined | typeof CONTAINER {
  switch (typeof value) {
    case "string":
      return JSON.stringify(value);
    case "number":
      return Number.isFinite(value) ? JSON.stringify(value) : "null";
    case "boolean":
      return value ? "true" : "false";
    case "bigint":
      return value.toString();
    case "object":
      return value === null ? "null" : CONTAINER;
    default:
      return undefined;
  }
}

function open(state: Writer, value: object): void {
  if (Array.isArray(value)) {
    state.out += "[";
    state.frames.push({ array: value, index: 0 });
  } else {
    const object = value as Record<string, unknown>;
    state.out += "{";
    state.frames.push({ object, keys: Object.keys(object).sort(), index: 0, first: true });
  }
}

// Writes members of the innermost container until it ends or a nested container opens.
function step(state: Writer): void {
  const frame = state.frames[state.frames.length - 1];
  if ("array" in frame) {
    while (frame.index < frame.array.length) {
      const item = frame.array[frame.index];
      if (frame.index++ > 0) state.out += ",";
      const text = scalarText(item);
      if (text === CONTAINER) return open(state, item as object);
      state.out += text ?? "null";
    }
    state.out += "]";
  } else {
    while (frame.index < frame.keys.length) {
      const key = frame.keys[frame.index++];
      const member = frame.object[key];
      const text = scalarText(member);
      if (text === undefined) continue;
      state.out += (frame.first ? "" : ",") + JSON.stringify(key) + ":";
      frame.first = false;
      if (text === CONTAINER) return open(state, member as object);
      state.out += text;
    }
    state.out += "}";
  }
  state.frames.pop();
}
