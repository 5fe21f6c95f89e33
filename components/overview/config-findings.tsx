/** Config lint findings (lib/config): severity, code, message and the place (file:line:column, server). */
import { Badge } from "@/components/ui/badge";
import { EmptyState } from "@/components/ui/states";
import type { ConfigFinding } from "@/lib/config/types";

export function ConfigFindings({ findings, files }: { findings: ConfigFinding[]; files: string[] }) {
  return (
    <section aria-labelledby="findings-heading">
      <h2 id="findings-heading">Config findings</h2>
      {files.length ? <p className="muted">Read from: {files.map((f) => <code key={f} style={{ marginRight: 8 }}>{f}</code>)}</p> : <p className="muted">The built-in demo fleet (no config files).</p>}
      {findings.length === 0 ? (
        <EmptyState title="No findings">{files.length ? "The config files read cleanly." : "No config file was read."}</EmptyState>
      ) : (
        <ul className="stack" style={{ listStyle: "none", padding: 0, margin: 0 }} data-testid="config-findings">
          {findings.map((f, i) => (
            <li key={`${f.code}-${f.file}-${f.line}-${i}`} className="panel row">
              <Badge tone={f.severity === "error" ? "bad" : "warn"}>{f.severity}</Badge>
              <code>{f.code}</code>
              <span>{f.message}</span>
              <span className="muted mono">
                {f.file}
                {f.line !== undefined ? `:${f.line}${f.column !== undefined ? `:${f.column}` : ""}` : ""}
                {f.serverId ? ` (${f.serverId})` : ""}
              </span>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
