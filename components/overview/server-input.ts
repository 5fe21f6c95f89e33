/**
 * Checks the "add a server" form before it is sent: the id matches Claude Code's server-name
 * pattern (the same `^[A-Za-z0-9_-]+$` lib/config enforces on the server), the entry is valid JSON,
 * an object, and names a `command` or a `url`. The server re-checks everything; this only saves a trip.
 */
export const SERVER_ID_PATTERN = /^[A-Za-z0-9_-]+$/;

export type ServerInputError = { field: "id" | "config"; message: string };
export type ServerInputResult = { ok: true; id: string; config: Record<string, unknown> } | { ok: false; errors: ServerInputError[] };

export function validateServerInput(rawId: string, configText: string, existingIds: readonly string[] = []): ServerInputResult {
  const errors: ServerInputError[] = [];
  const id = rawId.trim();
  if (!id) errors.push({ field: "id", message: "Give the server an id (the key under mcpServers)." });
  else if (!SERVER_ID_PATTERN.test(id)) errors.push({ field: "id", message: `"${id}" is not a valid server id: use letters, digits, "_" and "-" only.` });
  else if (existingIds.includes(id)) errors.push({ field: "id", message: `A server "${id}" is already in the fleet: remove it first or choose another id.` });

  let config: Record<string, unknown> | null = null;
  if (!configText.trim()) {
    errors.push({ field: "config", message: 'Paste an mcpServers entry, e.g. {"command": "node", "args": ["server.js"]}.' });
  } else {
    let parsed: unknown;
    try {
      parsed = JSON.parse(configText);
    } catch (error) {
      errors.push({ field: "config", message: `Not valid JSON: ${error instanceof Error ? error.message : String(error)}` });
      parsed = undefined;
    }
    if (parsed !== undefined) {
      if (typeof parsed !== "object" || parsed === null || Array.isArray(parsed)) {
        errors.push({ field: "config", message: "The entry must be a JSON object (one mcpServers entry, without its id)." });
      } else if ("mcpServers" in parsed) {
        errors.push({ field: "config", message: 'Paste one entry, not the whole file: the value of "mcpServers.<id>".' });
      } else {
        const entry = parsed as Record<string, unknown>;
        const hasCommand = typeof entry.command === "string" && entry.command.trim() !== "";
        const hasUrl = typeof entry.url === "string" && entry.url.trim() !== "";
        if (!hasCommand && !hasUrl) errors.push({ field: "config", message: 'The entry needs a "command" (stdio) or a "url" (http / sse).' });
        else if (hasCommand && hasUrl) errors.push({ field: "config", message: 'The entry has both "command" and "url": keep one.' });
        else if ("args" in entry && !(Array.isArray(entry.args) && entry.args.every((a) => typeof a === "string"))) {
          errors.push({ field: "config", message: '"args" must be an array of strings.' });
        } else config = entry;
      }
    }
  }
  return errors.length === 0 && config ? { ok: true, id, config } : { ok: false, errors };
}
