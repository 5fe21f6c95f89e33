"use client";
/**
 * A tool's hash timeline and the diff between any two of its versions: the
 * schema as a structural diff (JSON Pointer paths), the description as a word diff. For UI's slot on
 * `/tools/[server]/[tool]`.
 */
import { useEffect, useState } from "react";
import { HashCell } from "@/components/cells/hash-cell";
import { EmptyState, ErrorState, LoadingState } from "@/components/ui/states";
import type { ToolVersionDiff } from "@/lib/history/types";
import { toolKey } from "@/lib/store/history-slice";
import { useFleetStore } from "@/lib/store/hooks";
import styles from "./history.module.css";

const show = (value: unknown) => (value === undefined ? "" : JSON.stringify(value));

function DiffView({ diff }: { diff: ToolVersionDiff }) {
  return (
    <div className="stack" data-testid="tool-diff">
      <div>
        <h3>Schema</h3>
        {diff.schema.changes.length === 0 ? (
          <p className="muted">Same schema.</p>
        ) : (
          <table className={styles.versions} aria-label="Schema changes">
            <thead>
              <tr>
                <th>path</th>
                <th>change</th>
                <th>before</th>
                <th>after</th>
              </tr>
            </thead>
            <tbody>
              {diff.schema.changes.map((c) => (
                <tr key={`${c.kind}:${c.path}`} data-testid="schema-change" data-path={c.path} data-change={c.kind}>
                  <td>
                    <code>{c.path || "/"}</code>
                  </td>
                  <td className={c.kind === "added" ? "diff-added" : c.kind === "removed" ? "diff-removed" : undefined}>{c.kind}</td>
                  <td>
                    <code>{show(c.before)}</code>
                  </td>
                  <td>
                    <code>{show(c.after)}</code>
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        )}
      </div>
      <div>
        <h3>Description</h3>
        {diff.description.before === diff.description.after ? (
          <p className="muted">Same description.</p>
        ) : (
          <div className={styles.textDiff} data-testid="description-diff">
            {diff.description.parts.map((part, i) =>
              part.added ? (
                <ins key={i} className={styles.ins}>
                  {part.value}
                </ins>
              ) : part.removed ? (
                <del key={i} className={styles.del}>
                  {part.value}
                </del>
              ) : (
                <span key={i}>{part.value}</span>
              ),
            )}
          </div>
        )}
      </div>
    </div>
  );
}

export function ToolHistory({ serverId, toolName }: { serverId: string; toolName: string }) {
  const key = toolKey(serverId, toolName);
  const history = useFleetStore((s) => s.toolHistory[key]);
  const loadToolHistory = useFleetStore((s) => s.loadToolHistory);
  const loadToolDiff = useFleetStore((s) => s.loadToolDiff);
  const [from, setFrom] = useState<number | null>(null);
  const [to, setTo] = useState<number | null>(null);

  useEffect(() => {
    void loadToolHistory(serverId, toolName);
  }, [loadToolHistory, serverId, toolName]);

  const versions = history?.versions ?? [];
  // Default: the last two versions; a new version moves the default along.
  const last = versions[versions.length - 1]?.id ?? null;
  const beforeLast = versions[versions.length - 2]?.id ?? null;
  const fromId = from ?? beforeLast;
  const toId = to ?? last;

  useEffect(() => {
    if (fromId !== null && toId !== null) void loadToolDiff(serverId, toolName, fromId, toId);
  }, [loadToolDiff, serverId, toolName, fromId, toId]);

  if (!history || history.status === "loading") return <LoadingState label="Loading the tool's history…" />;
  if (history.status === "error" && history.error) return <ErrorState error={history.error} title="Could not load the tool's history" />;
  if (versions.length === 0) return <EmptyState title="No history yet">This tool has not been recorded yet.</EmptyState>;

  return (
    <section className="stack" aria-label="Hash history" data-testid="tool-history">
      <table className={styles.versions} aria-label="Versions">
        <thead>
          <tr>
            <th>from</th>
            <th>to</th>
            <th>seen</th>
            <th>schema</th>
            <th>description</th>
            <th>annotations</th>
            <th>exposed as</th>
          </tr>
        </thead>
        <tbody>
          {[...versions].reverse().map((v) => (
            <tr key={v.id} data-testid="tool-version" data-version={v.id}>
              <td>
                <input type="radio" name={`from-${key}`} aria-label={`Diff from version ${v.id}`} checked={fromId === v.id} onChange={() => setFrom(v.id)} />
              </td>
              <td>
                <input type="radio" name={`to-${key}`} aria-label={`Diff to version ${v.id}`} checked={toId === v.id} onChange={() => setTo(v.id)} />
              </td>
              <td className="tabular" title={v.time}>
                {v.time.slice(0, 16).replace("T", " ")}
              </td>
              <td>
                <HashCell hash={v.schemaHash} label="schema hash" />
              </td>
              <td>
                <HashCell hash={v.descriptionHash} label="description hash" />
              </td>
              <td>
                <HashCell hash={v.annotationsHash} label="annotations hash" />
              </td>
              <td>{v.excluded ? <span className="diff-removed">excluded</span> : <code>{v.exposedName}</code>}</td>
            </tr>
          ))}
        </tbody>
      </table>
      {versions.length === 1 ? (
        <p className="muted">One version so far: nothing to compare.</p>
      ) : history.diffError ? (
        <ErrorState error={history.diffError} title="Could not diff these versions" />
      ) : history.diff && history.diff.from.id === fromId && history.diff.to.id === toId ? (
        <DiffView diff={history.diff} />
      ) : (
        <LoadingState label="Comparing…" />
      )}
    </section>
  );
}
