/**
 * Pretty-prints JSON as lines, each tagged with the JSON Pointer of the value it shows, so a diff
 * (lib/schema/diff.ts paths) can mark the exact lines that differ. Pure.
 */
import { pointerToken } from "@/lib/json/pointer";

export interface JsonLine {
  text: string;
  /** JSON Pointer of the value (or key: value) on this line; closing brackets carry their container's. */
  path: string;
}


export function jsonLines(value: unknown): JsonLine[] {
  const out: JsonLine[] = [];
  walk(value, "", 0, "", false, out);
  return out;
}

function walk(value: unknown, path: string, depth: number, prefix: string, comma: boolean, out: JsonLine[]): void {
  const pad = "  ".repeat(depth);
  const tail = comma ? "," : "";
  if (Array.isArray(value)) {
    if (value.length === 0) {
      out.push({ text: `${pad}${prefix}[]${tail}`, path });
      return;
    }
    out.push({ text: `${pad}${prefix}[`, path });
    value.forEach((item, i) => walk(item, `${path}/${i}`, depth + 1, "", i < value.length - 1, out));
    out.push({ text: `${pad}]${tail}`, path });
    return;
  }
  if (value !== null && typeof value === "object") {
    const keys = Object.keys(value as Record<string, unknown>);
    if (keys.length === 0) {
      out.push({ text: `${pad}${prefix}{}${tail}`, path });
      return;
    }
    out.push({ text: `${pad}${prefix}{`, path });
    keys.forEach((key, i) =>
      walk((value as Record<string, unknown>)[key], `${path}/${pointerToken(key)}`, depth + 1, `${JSON.stringify(key)}: `, i < keys.length - 1, out),
    );
    out.push({ text: `${pad}}${tail}`, path });
    return;
  }
  out.push({ text: `${pad}${prefix}${value === undefined ? "undefined" : JSON.stringify(value)}${tail}`, path });
}

/** The mark of a line: the kind of the change at its path or at an ancestor of it (a whole added subtree). */
export function markOf(path: string, marks: ReadonlyMap<string, string>): string | undefined {
  let p = path;
  for (;;) {
    const mark = marks.get(p);
    if (mark) return mark;
    if (p === "") return undefined;
    p = p.slice(0, p.lastIndexOf("/"));
  }
}
