"use client";
/**
 * The form built from the final schema a client sends (schema-form-model.ts): one labelled input per
 * top-level property, required ones first and marked, each writing straight into the arguments, so the
 * raw JSON beside it always shows the same value. An input that cannot be read says why under itself.
 */
import { useEffect, useState } from "react";
import { fieldText, withField, type FormField, type FormModel } from "./schema-form-model";
import styles from "./try.module.css";

function FieldInput({ field, args, onChange }: { field: FormField; args: Record<string, unknown>; onChange: (args: Record<string, unknown>) => void }) {
  const shown = fieldText(args, field);
  // What the person typed, kept while it cannot be read (half a number, half a JSON value).
  const [draft, setDraft] = useState(shown);
  const [error, setError] = useState<string | null>(null);
  useEffect(() => {
    setDraft(shown);
    setError(null);
  }, [shown]);
  const id = `try-field-${field.name}`;
  const change = (text: string) => {
    setDraft(text);
    const next = withField(args, field, text);
    if ("error" in next) setError(next.error);
    else {
      setError(null);
      onChange(next.args);
    }
  };
  const common = { id, "aria-invalid": error ? true : undefined, "aria-describedby": `${id}-help` } as const;
  let input;
  switch (field.kind) {
    case "boolean":
    case "enum":
      input = (
        <select {...common} className="input" value={draft} onChange={(e) => change(e.target.value)}>
          <option value="">(not set)</option>
          {field.kind === "boolean" ? (
            <>
              <option value="true">true</option>
              <option value="false">false</option>
            </>
          ) : (
            (field.options ?? []).map((option, i) => (
              <option key={i} value={String(i)}>
                {JSON.stringify(option)}
              </option>
            ))
          )}
        </select>
      );
      break;
    case "json":
      input = <textarea {...common} className={`input ${styles.jsonField}`} value={draft} spellCheck={false} placeholder="JSON" onChange={(e) => change(e.target.value)} />;
      break;
    default:
      input = <input {...common} className="input" type="text" inputMode={field.kind === "string" ? undefined : "decimal"} value={draft} onChange={(e) => change(e.target.value)} />;
  }
  return (
    <>
      <label htmlFor={id} className={styles.fieldLabel}>
        {field.name}
        {field.required ? (
          <span className={styles.required} title="required">
            *
          </span>
        ) : null}
      </label>
      <div className="field">
        {input}
        <span id={`${id}-help`} className={error ? "field-error" : styles.fieldHelp}>
          {error ?? [field.kind === "json" ? "JSON" : field.kind, field.description].filter(Boolean).join(" · ")}
        </span>
      </div>
    </>
  );
}

export function SchemaForm({ model, args, onChange }: { model: FormModel; args: Record<string, unknown>; onChange: (args: Record<string, unknown>) => void }) {
  if (model.fields.length === 0) return <p className="muted">{model.note}</p>;
  return (
    <div className={styles.fields} data-testid="try-form">
      {model.fields.map((field) => (
        <FieldInput key={field.name} field={field} args={args} onChange={onChange} />
      ))}
    </div>
  );
}
