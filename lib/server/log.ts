/**
 * Server-side logging that cannot leak a secret (docs/security.md): every
 * env and header value the server knows is remembered here and masked out of what it writes.
 */
import "server-only";

import type { ServerConfig } from "@/lib/config/types";

const KEY = Symbol.for("mcp-fleet.secret-values");
const MASK = "••••";
// Shorter values would mask ordinary words in messages; they are not secrets worth the noise.
const MIN_SECRET_LENGTH = 4;

type WithSecrets = typeof globalThis & { [KEY]?: Set<string> };

function secrets(): Set<string> {
  const g = globalThis as WithSecrets;
  return (g[KEY] ??= new Set());
}

/** Remember a server's env and header values (resolved and as written) so logs can mask them. */
export function rememberSecrets(server: Pick<ServerConfig, "env" | "headers">): void {
  for (const record of [server.env, server.headers]) {
    for (const value of Object.values(record ?? {})) {
      if (typeof value === "string" && value.length >= MIN_SECRET_LENGTH) secrets().add(value);
    }
  }
}

/** The text with every remembered secret replaced by a mask. */
export function scrubSecrets(text: string): string {
  let out = text;
  // Longest first, so a secret that contains another is masked whole.
  for (const value of [...secrets()].sort((a, b) => b.length - a.length)) out = out.split(value).join(MASK);
  return out;
}

/** Log an unexpected server error: its name, message and stack, secrets masked. */
export function logServerError(where: string, error: unknown): void {
  const text = error instanceof Error ? `${error.name}: ${error.message}\n${error.stack ?? ""}` : String(error);
  console.error(`[mcp-fleet ${where}] ${scrubSecrets(text)}`);
}
