"use client";
/** Add a server at runtime: an id and one mcpServers entry as JSON, checked before it is sent. */
import { useId, useState, type FormEvent } from "react";
import { Button } from "@/components/ui/button";
import { useFleetActions, useFleetStore } from "@/lib/store/hooks";
import { validateServerInput, type ServerInputError } from "./server-input";

const PLACEHOLDER = '{\n  "command": "node",\n  "args": ["path/to/server.js"]\n}';

export function AddServerForm({ existingIds }: { existingIds: string[] }) {
  const { addServer } = useFleetActions();
  const [id, setId] = useState("");
  const [text, setText] = useState("");
  const [errors, setErrors] = useState<ServerInputError[]>([]);
  const [serverError, setServerError] = useState<string | null>(null);
  const [added, setAdded] = useState<string | null>(null);
  const busy = useFleetStore((s) => Object.keys(s.pending).some((k) => k.startsWith("add:")));
  const idField = useId();
  const configField = useId();

  async function submit(event: FormEvent) {
    event.preventDefault();
    setServerError(null);
    setAdded(null);
    const checked = validateServerInput(id, text, existingIds);
    if (!checked.ok) {
      setErrors(checked.errors);
      return;
    }
    setErrors([]);
    const result = await addServer(checked.id, checked.config);
    if (!result.ok) {
      setServerError(result.error.message);
      return;
    }
    setAdded(checked.id);
    setId("");
    setText("");
  }

  const idError = errors.find((e) => e.field === "id");
  const configError = errors.find((e) => e.field === "config");
  return (
    <section aria-labelledby="add-server-heading" className="panel">
      <h2 id="add-server-heading" style={{ marginTop: 0 }}>Add a server</h2>
      <form onSubmit={submit} className="stack" aria-label="Add a server" noValidate>
        <div className="field">
          <label htmlFor={idField}>Server id</label>
          <input id={idField} className="input" value={id} onChange={(e) => setId(e.target.value)} placeholder="github" aria-invalid={Boolean(idError)} aria-describedby={idError ? `${idField}-error` : undefined} autoComplete="off" spellCheck={false} />
          {idError ? <span id={`${idField}-error`} className="field-error">{idError.message}</span> : null}
        </div>
        <div className="field">
          <label htmlFor={configField}>mcpServers entry (JSON)</label>
          <textarea id={configField} className="input" value={text} onChange={(e) => setText(e.target.value)} placeholder={PLACEHOLDER} aria-invalid={Boolean(configError)} aria-describedby={configError ? `${configField}-error` : undefined} spellCheck={false} />
          {configError ? <span id={`${configField}-error`} className="field-error">{configError.message}</span> : null}
        </div>
        <div className="row">
          <Button type="submit" variant="primary" disabled={busy}>
            {busy ? "Adding…" : "Add server"}
          </Button>
          {serverError ? <span className="field-error" role="alert">{serverError}</span> : null}
          {added ? <span role="status" className="muted">Added {added}: it connects in the background.</span> : null}
        </div>
      </form>
    </section>
  );
}
