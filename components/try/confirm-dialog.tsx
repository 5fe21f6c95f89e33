"use client";
/**
 * The question an ask rule puts before a call (docs/permissions.md: ask means a person confirms first), in
 * a modal dialog: the rule that asks, the call the model would make, and Call or Don't call.
 */
import { useEffect, useRef } from "react";
import { Button } from "@/components/ui/button";
import type { CallConfirmation } from "@/lib/calls/types";
import styles from "./try.module.css";

export function ConfirmDialog({ confirmation, onAnswer }: { confirmation: CallConfirmation; onAnswer: (yes: boolean) => void }) {
  const ref = useRef<HTMLDialogElement>(null);
  useEffect(() => {
    const dialog = ref.current;
    if (dialog && !dialog.open) dialog.showModal();
    return () => dialog?.close();
  }, []);
  return (
    <dialog
      ref={ref}
      className={styles.dialog}
      aria-labelledby="try-confirm-title"
      data-testid="confirm-dialog"
      onCancel={(e) => {
        e.preventDefault();
        onAnswer(false);
      }}
    >
      <div className="stack">
        <h2 id="try-confirm-title" style={{ margin: 0 }}>
          Call {confirmation.toolName} on {confirmation.serverId}?
        </h2>
        <p data-testid="confirm-question">{confirmation.question}</p>
        <pre aria-label="The call to confirm">{JSON.stringify(confirmation.toolUse, null, 2)}</pre>
        <div className="row" style={{ justifyContent: "flex-end" }}>
          <Button onClick={() => onAnswer(false)}>Don&apos;t call</Button>
          <Button variant="primary" autoFocus onClick={() => onAnswer(true)}>
            Call it
          </Button>
        </div>
      </div>
    </dialog>
  );
}
