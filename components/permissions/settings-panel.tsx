"use client";
/** What the project's settings files already say: their MCP rules, parse errors, and lint findings. */
import { Badge } from "@/components/ui/badge";
import type { LintFinding, PermissionsView } from "@/lib/permissions";
import { DecisionBadge } from "./decision-badge";

const KIND_TONE: Record<LintFinding["kind"], "warn" | "bad" | "info"> = {
  stale: "warn",
  shadowed: "info",
  ignored: "bad",
  "changed-since-allowed": "warn",
};

export function SettingsPanel({ view }: { view: PermissionsView }) {
  return (
    <section aria-labelledby="settings-heading" className="panel stack" data-testid="settings-panel">
      <h2 id="settings-heading">Rules already in the project</h2>
      {view.projectDir ? <p className="muted mono">{view.projectDir}</p> : <p className="muted">This fleet has no project folder: use the downloads.</p>}
      {view.settings.map((file) => (
        <div key={file.target} className="stack">
          <strong className="mono">{file.label}</strong>
          {file.error ? (
            <div className="state state-error" role="alert">
              {file.error.file}
              {file.error.line ? `:${file.error.line}:${file.error.column}` : ""}: {file.error.message}
            </div>
          ) : !file.exists ? (
            <span className="muted">absent</span>
          ) : file.rules.length === 0 ? (
            <span className="muted">no MCP rules</span>
          ) : (
            <ul className="stack" style={{ listStyle: "none", padding: 0, margin: 0 }}>
              {file.rules.map((r) => (
                <li key={`${r.list}:${r.rule}`} className="row">
                  <DecisionBadge decision={r.list} /> <code>{r.rule}</code>
                </li>
              ))}
            </ul>
          )}
        </div>
      ))}
      <strong>Lint</strong>
      {view.lint.length === 0 ? (
        <span className="muted">No stale, shadowed, ignored or changed rules.</span>
      ) : (
        <ul className="stack" data-testid="lint-list" style={{ listStyle: "none", padding: 0, margin: 0 }}>
          {view.lint.map((f, i) => (
            <li key={i} className="row">
              <Badge tone={KIND_TONE[f.kind]}>{f.kind}</Badge>
              <code>{f.rule}</code>
              <span className="muted">({f.source === "ours" ? "our rule" : f.source})</span>
              <span>{f.message}</span>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
