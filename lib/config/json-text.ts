/**
 * JSON config text: parse with an error that names line and column, and find where each entry's key
 * sits so findings can point at it. JSONC (VS Code's mcp.json) is blanked to JSON first, offsets kept.
 */
import "server-only";

export interface TextPosition {
  line: number;
  column: number;
}

export type JsonParseResult =
  | { ok: true; value: unknown; locate: (pointer: string) => TextPosition | undefined }
  | { ok: false; message: string; line: number; column: number };

/** 1-based line and column of a character offset. */
export function positionAt(text: string, offset: number): TextPosition {
  const clamped = Math.max(0, Math.min(offset, text.length));
  let line = 1;
  let lineStart = 0;
  for (let i = 0; i < clamped; i++) {
    if (text.charCodeAt(i) === 10) {
      line++;
      lineStart = i + 1;
    }
  }
  return { line, column: clamped - lineStart + 1 };
}

/**
 * Replace `//` and `/* *\/` comments and trailing commas with spaces (newlines kept), so the result is
 * strict JSON with every character at the same offset as in the original.
 */
export function blankJsonc(text: string): string {
  const out = text.split("");
  let i = 0;
  let lastSignificant = -1; // offset of the last non-space, non-comment character outside strings
  while (i < text.length) {
    const c = text[i];
    if (c === '"') {
      i++;
      while (i < text.length && text[i] !== '"') i += text[i] === "\\" ? 2 : 1;
      lastSignificant = i;
      i++;
      continue;
    }
    if (c === "/" && text[i + 1] === "/") {
      while (i < text.length && text[i] !== "\n") out[i++] = " ";
      continue;
    }
    if (c === "/" && text[i + 1] === "*") {
      const end = text.indexOf("*/", i + 2);
      const stop = end === -1 ? text.length : end + 2;
      for (; i < stop; i++) if (text[i] !== "\n") out[i] = " ";
      continue;
    }
    if ((c === "}" || c === "]") && lastSignificant >= 0 && out[lastSignificant] === ",") out[lastSignificant] = " ";
    if (!/\s/.test(c)) lastSignificant = i;
    i++;
  }
  return out.join("");
}

/**
 * The first syntax error of strict JSON text, found by our own scan: V8's messages quote the text around
 * the error (which may be a secret) and do not always give a position.
 */
export function findJsonError(text: string): { offset: number; message: string } | null {
  const n = text.length;
  let i = 0;
  class Failure {
    constructor(
      readonly offset: number,
      readonly message: string,
    ) {}
  }
  const fail = (message: string, at = i): never => {
    throw new Failure(at, at >= n ? "unexpected end of input" : message);
  };
  const what = (at: number) => `unexpected character '${text[at]}'`;
  const space = () => {
    while (i < n && (text[i] === " " || text[i] === "\t" || text[i] === "\n" || text[i] === "\r")) i++;
  };
  const string = () => {
    const start = i;
    i++;
    while (i < n) {
      const c = text[i];
      if (c === '"') {
        i++;
        return;
      }
      if (c === "\\") {
        const next = text[i + 1];
        if (next === "u") {
          if (!/^[0-9a-fA-F]{4}$/.test(text.slice(i + 2, i + 6))) fail("invalid \\u escape in a string");
          i += 6;
        } else if (next !== undefined && '"\\/bfnrt'.includes(next)) i += 2;
        else fail("invalid escape in a string");
        continue;
      }
      if (c < " ") fail(c === "\n" ? "unterminated string (a line break inside quotes)" : "control character in a string");
      i++;
    }
    fail("unterminated string", start);
  };
  const NUMBER = /-?(0|[1-9]\d*)(\.\d+)?([eE][+-]?\d+)?/y;
  const value = (): void => {
    space();
    if (i >= n) fail("unexpected end of input");
    const c = text[i];
    if (c === "{") {
      i++;
      space();
      if (text[i] === "}") {
        i++;
        return;
      }
      for (;;) {
        space();
        if (text[i] !== '"') fail("expected a double-quoted property name");
        string();
        space();
        if (text[i] !== ":") fail("expected ':' after a property name");
        i++;
        value();
        space();
        if (text[i] === ",") {
          i++;
          continue;
        }
        if (text[i] === "}") {
          i++;
          return;
        }
        fail("expected ',' or '}' after a property value");
      }
    }
    if (c === "[") {
      i++;
      space();
      if (text[i] === "]") {
        i++;
        return;
      }
      for (;;) {
        value();
        space();
        if (text[i] === ",") {
          i++;
          continue;
        }
        if (text[i] === "]") {
          i++;
          return;
        }
        fail("expected ',' or ']' after an array element");
      }
    }
    if (c === '"') return string();
    if (c === "-" || (c >= "0" && c <= "9")) {
      NUMBER.lastIndex = i;
      const match = NUMBER.exec(text);
      if (!match || match[0] === "-") fail("invalid number");
      i += match![0].length;
      return;
    }
    for (const word of ["true", "false", "null"]) {
      if (text.startsWith(word, i)) {
        i += word.length;
        return;
      }
    }
    fail(what(i));
  };
  try {
    value();
    space();
    if (i < n) fail(`unexpected text after the JSON value (${what(i)})`);
    return null;
  } catch (error) {
    if (error instanceof Failure) return { offset: error.offset, message: error.message };
    throw error;
  }
}

/** Parse JSON (or JSONC when `comments` is set). Never throws. */
export function parseJsonText(text: string, opts: { comments?: boolean } = {}): JsonParseResult {
  const source = opts.comments ? blankJsonc(text) : text;
  let value: unknown;
  try {
    value = JSON.parse(source);
  } catch {
    const found = findJsonError(source) ?? { offset: source.length, message: "not valid JSON" };
    return { ok: false, message: found.message, ...positionAt(source, found.offset) };
  }
  let keys: Map<string, number> | undefined;
  return {
    ok: true,
    value,
    locate: (pointer) => {
      keys ??= keyOffsets(source);
      const offset = keys.get(pointer);
      return offset === undefined ? undefined : positionAt(source, offset);
    },
  };
}

export function escapePointer(segment: string): string {
  return segment.replace(/~/g, "~0").replace(/\//g, "~1");
}

/**
 * Offsets of every member key (and array element) by JSON Pointer, for text that JSON.parse accepted.
 * A duplicate key keeps its last occurrence, as JSON.parse keeps the last value.
 */
function keyOffsets(text: string): Map<string, number> {
  const found = new Map<string, number>();
  let i = 0;
  const skipSpace = () => {
    while (i < text.length && /\s/.test(text[i])) i++;
  };
  const readString = (): string => {
    const start = i;
    i++;
    while (i < text.length && text[i] !== '"') i += text[i] === "\\" ? 2 : 1;
    i++;
    return JSON.parse(text.slice(start, i)) as string;
  };
  const readValue = (pointer: string): void => {
    skipSpace();
    const c = text[i];
    if (c === "{") {
      i++;
      skipSpace();
      if (text[i] === "}") {
        i++;
        return;
      }
      for (;;) {
        skipSpace();
        const keyAt = i;
        const key = readString();
        const child = `${pointer}/${escapePointer(key)}`;
        found.set(child, keyAt);
        skipSpace();
        i++; // ':'
        readValue(child);
        skipSpace();
        if (text[i++] === "}") return;
      }
    }
    if (c === "[") {
      i++;
      skipSpace();
      if (text[i] === "]") {
        i++;
        return;
      }
      for (let index = 0; ; index++) {
        skipSpace();
        const child = `${pointer}/${index}`;
        found.set(child, i);
        readValue(child);
        skipSpace();
        if (text[i++] === "]") return;
      }
    }
    if (c === '"') {
      readString();
      return;
    }
    while (i < text.length && !/[\s,\]}]/.test(text[i])) i++;
  };
  readValue("");
  return found;
}
