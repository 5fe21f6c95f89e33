/**
 * What a server's row says about its trouble, on one line: the error of a failed server (with where
 * its retries stand), or, while a failed server connects again, the error of the attempt before.
 * Null when there is nothing wrong to show. The detail under the row keeps the whole story.
 */
import type { ServerDetails } from "@/lib/fleet/types";
import { count } from "@/lib/text/count";

export interface ServerProblem {
  /** `error`: the server is failing; `last-error`: it is connecting again after failing. */
  kind: "error" | "last-error";
  /** The error, on one line. */
  message: string;
  /** Where the retries stand ("retry 2 of 5 soon", "gave up after 5 attempts: ..."), when there is something to say. */
  state?: string;
  /** All of it as one line, as the row shows it (and its title holds it whole). */
  text: string;
}

function oneLine(text: string): string {
  return text.replace(/\s*\n\s*/g, " ").trim();
}

function retryState(retry: ServerDetails["retry"]): string | undefined {
  if (retry?.gaveUp) return `gave up after ${count(retry.attempt, "attempt")}: Reconnect to try again`;
  if (retry?.nextAt) return `retry ${retry.attempt} of ${retry.maxAttempts} soon`;
  return undefined;
}

export function serverProblem(server: Pick<ServerDetails, "status" | "error" | "lastError" | "retry">): ServerProblem | null {
  if (server.status === "error" && server.error) {
    const message = oneLine(server.error);
    const state = retryState(server.retry);
    return state ? { kind: "error", message, state, text: `${message} · ${state}` } : { kind: "error", message, text: message };
  }
  if (server.status === "connecting" && server.lastError) {
    const message = oneLine(server.lastError);
    const state = server.retry ? `retry ${server.retry.attempt} of ${server.retry.maxAttempts}` : "connecting again";
    return { kind: "last-error", message, state, text: `${state} · last error: ${message}` };
  }
  return null;
}
