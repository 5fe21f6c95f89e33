/** One of the three JSONs: a title, a note, the value pretty-printed, and a button that copies it whole. */
import type { ReactNode } from "react";
import { CopyButton } from "@/components/ui/copy-button";
import styles from "./try.module.css";

export function JsonBox({ title, note, value, testId }: { title: string; note?: ReactNode; value: unknown; testId: string }) {
  const text = value === null || value === undefined ? null : JSON.stringify(value, null, 2);
  return (
    <div className={styles.jsonBox} data-testid={testId}>
      <div className={styles.jsonHead}>
        <h3>{title}</h3>
        {text !== null ? <CopyButton value={text} label={`Copy the ${title} JSON`} /> : null}
      </div>
      {note ? <div className="muted" style={{ fontSize: 12.5 }}>{note}</div> : null}
      {text !== null ? <pre aria-label={`${title} JSON`}>{text}</pre> : <pre aria-label={`${title} JSON`} className="muted">(nothing)</pre>}
    </div>
  );
}
