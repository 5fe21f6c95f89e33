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

/** Where JSON.parse stopped, from its message (Node 20: `at position N`; Node 22+: `(line L column C)`). */
function errorPosition(text: string, message: string): TextPosition {
  const lineCol = /line (\d+) column (\d+)/.exec(message);
  if (lineCol) return { line: Number(lineCol[1]), column: Number(lineCol[2]) };
  const pos = /at position (\d+)/.exec(message);
  if (pos) return positionAt(text, Number(pos[1]));
  return positionAt(text, text.length); // "Unexpected end of JSON input"
}

function cleanMessage(message: string): string {
  return message
    .replace(/,? ?\(line \d+ column \d+\)/, "")
    .replace(/ at position \d+/, "")
    .replace(/ in JSON$/, "")
    .trim();
}

/** Parse JSON (or JSONC when `comments` is set). Never throws. */
export function parseJsonText(text: string, opts: { comments?: boolean } = {}): JsonParseResult {
  const source = opts.comments ? blankJsonc(text) : text;
  let value: unknown;
  try {
    value = JSON.parse(source);
  } catch (error) {
    const raw = error instanceof Error ? error.message : String(error);
    const at = errorPosition(source, raw);
    return { ok: false, message: cleanMessage(raw), ...at };
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
