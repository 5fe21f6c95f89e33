/** The top-level structural difference of two schemas in words (lib/schema/diff.ts summarizeSchemaDiff). */
import { summarizeSchemaDiff } from "@/lib/schema/diff";

export function SchemaDiffSummary({ before, after, beforeLabel, afterLabel }: { before: unknown; after: unknown; beforeLabel: string; afterLabel: string }) {
  const s = summarizeSchemaDiff(before, after);
  const lines: { text: string; kind: "added" | "removed" | "changed" }[] = [];
  if (s.propertiesOnlyInBefore.length) lines.push({ kind: "removed", text: `Properties only in ${beforeLabel}: ${s.propertiesOnlyInBefore.join(", ")}` });
  if (s.propertiesOnlyInAfter.length) lines.push({ kind: "added", text: `Properties only in ${afterLabel}: ${s.propertiesOnlyInAfter.join(", ")}` });
  if (s.propertiesChanged.length) lines.push({ kind: "changed", text: `Properties that differ: ${s.propertiesChanged.join(", ")}` });
  if (s.requiredOnlyInBefore.length) lines.push({ kind: "removed", text: `Required only in ${beforeLabel}: ${s.requiredOnlyInBefore.join(", ")}` });
  if (s.requiredOnlyInAfter.length) lines.push({ kind: "added", text: `Required only in ${afterLabel}: ${s.requiredOnlyInAfter.join(", ")}` });
  if (lines.length === 0) return <p className="muted">Same properties and required names at the top level.</p>;
  return (
    <ul className="diff-summary">
      {lines.map((line) => (
        <li key={line.text} className={`diff-${line.kind}`}>
          {line.text}
        </li>
      ))}
    </ul>
  );
}
