/**
 * Loading, empty and error states, one look everywhere. A 401 says how to get the token (the URL the
 * launcher printed), since that is the only fix.
 */
import type { ReactNode } from "react";
import type { ClientError } from "@/lib/api-client";
import { SpinnerIcon } from "./icons";

export function LoadingState({ label = "Loading…" }: { label?: string }) {
  return (
    <div className="state state-loading" role="status" aria-live="polite">
      <SpinnerIcon className="spin" /> {label}
    </div>
  );
}

export function EmptyState({ title, children }: { title: string; children?: ReactNode }) {
  return (
    <div className="state state-empty" role="status">
      <strong>{title}</strong>
      {children ? <div className="muted">{children}</div> : null}
    </div>
  );
}

export function ErrorState({ error, title, action }: { error: ClientError | { message: string; code?: string }; title?: string; action?: ReactNode }) {
  const noToken = "status" in error && error.status === 401;
  return (
    <div className="state state-error" role="alert" data-error-code={error.code}>
      <strong>{title ?? (noToken ? "Not signed in" : "Something went wrong")}</strong>
      <div>{error.message}</div>
      {noToken ? <div className="muted" data-testid="no-token-hint">No token: open the URL printed in the terminal where MCP Fleet was started (it ends in ?token=…).</div> : null}
      {action}
    </div>
  );
}
