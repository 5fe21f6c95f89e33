"use client";
/**
 * Export: merge our rules into `.claude/settings.json` or `.claude/settings.local.json` after
 * a diff preview (the write is refused when the file changed since), plus downloads for every format.
 */
import { useState } from "react";
import { Button } from "@/components/ui/button";
import { DownloadIcon } from "@/components/ui/icons";
import { SegmentedControl } from "@/components/ui/segmented-control";
import type { SettingsTarget } from "@/lib/permissions";
import { useFleetStoreShallow } from "@/lib/store/hooks";
import { count } from "@/lib/text/count";

const DOWNLOADS = [
  { format: "claude", label: "Claude Code settings.json" },
  { format: "codex", label: "Codex config.toml" },
  { format: "cursor", label: "Cursor permissions.json" },
  { format: "cursor-cli", label: "Cursor CLI cli.json" },
];

function DiffView({ diff }: { diff: string }) {
  const lines = diff.split("\n").slice(4); // the file header lines say nothing the panel does not
  return (
    <pre data-testid="settings-diff" className="mono" style={{ maxHeight: "24rem", overflow: "auto" }}>
      {lines.map((line, i) => (
        <div key={i} className={line.startsWith("+") ? "diff-added" : line.startsWith("-") ? "diff-removed" : undefined}>
          {line || " "}
        </div>
      ))}
    </pre>
  );
}

export function ExportPanel({ unsaved, hasProject }: { unsaved: number; hasProject: boolean }) {
  const s = useFleetStoreShallow((st) => ({
    target: st.permissionTarget,
    preview: st.permissionPreview,
    written: st.permissionWritten,
    error: st.permissionExportError,
    setTarget: st.setPermissionTarget,
    previewExport: st.previewPermissionExport,
    writeExport: st.writePermissionExport,
  }));
  const [busy, setBusy] = useState(false);
  const run = async (action: () => Promise<unknown>) => {
    setBusy(true);
    try {
      await action();
    } finally {
      setBusy(false);
    }
  };
  return (
    <section aria-labelledby="export-heading" className="panel stack" data-testid="export-panel">
      <h2 id="export-heading">Export</h2>
      {hasProject ? (
        <>
          <div className="row">
            <span className="muted">Write into</span>
            <SegmentedControl<SettingsTarget>
              label="Settings file"
              value={s.target}
              options={[
                { value: "settings", label: ".claude/settings.json" },
                { value: "settings.local", label: ".claude/settings.local.json" },
              ]}
              onChange={s.setTarget}
            />
            <Button disabled={busy} onClick={() => void run(s.previewExport)}>
              Preview
            </Button>
            <Button variant="primary" disabled={busy || !s.preview || !s.preview.changed} onClick={() => void run(s.writeExport)}>
              Write
            </Button>
          </div>
          {unsaved > 0 ? <p className="muted">The export uses saved rules: save your {count(unsaved, "unsaved change")} first.</p> : null}
          {s.error ? (
            <div className="state state-error" role="alert" data-error-code={s.error.code}>
              {s.error.message}
            </div>
          ) : null}
          {s.preview ? (
            <div className="stack">
              <span className="muted mono">{s.preview.path}</span>
              {s.preview.warnings.map((w) => (
                <span key={w} className="field-error">
                  {w}
                </span>
              ))}
              {s.preview.changed ? <DiffView diff={s.preview.diff} /> : <span className="muted">The file already has these rules.</span>}
            </div>
          ) : null}
          {s.written ? (
            <p role="status" data-testid="write-result">
              {s.written.written ? `Wrote ${s.written.path}${s.written.backup ? ` (backup: ${s.written.backup})` : ""}.` : `${s.written.path} already had these rules.`}
            </p>
          ) : null}
        </>
      ) : null}
      <div className="row">
        {DOWNLOADS.map((d) => (
          <a key={d.format} className="btn btn-default btn-sm" href={`/api/permissions/export?format=${d.format}`} download>
            <DownloadIcon /> {d.label}
          </a>
        ))}
      </div>
    </section>
  );
}
