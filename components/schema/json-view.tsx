/** A JSON value, pretty-printed, with the lines a diff touches marked (added / removed / changed). */
import type { SchemaChange } from "@/lib/schema/diff";
import { jsonLines, markOf } from "./json-lines";

export function JsonView({ value, changes = [], side, label }: { value: unknown; changes?: SchemaChange[]; side?: "before" | "after"; label: string }) {
  const marks = new Map<string, string>();
  for (const change of changes) {
    if (side === "before" && change.kind === "added") continue;
    if (side === "after" && change.kind === "removed") continue;
    marks.set(change.path, change.kind);
  }
  return (
    <pre aria-label={label} className="json-view">
      {jsonLines(value).map((line, i) => {
        const mark = marks.size ? markOf(line.path, marks) : undefined;
        return (
          <span key={i} className={mark ? `json-line mark-${mark}` : "json-line"} data-mark={mark}>
            {line.text}
            {mark ? <span className="sr-only"> ({mark})</span> : null}
            {"\n"}
          </span>
        );
      })}
    </pre>
  );
}
