/**
 * The browser's only door to the MCP Fleet API (docs/architecture.md: components never
 * fetch; store actions call this). Every call resolves to a value: `{ ok: true, data }` or
 * `{ ok: false, error }` carrying the server's `{ code, message }` and the HTTP status.
 */
import type { ClientChoice } from "@/lib/clients";
import type { CostReport } from "@/lib/cost/types";
import type { ApiError } from "@/lib/errors";
import type { ProfilesView } from "@/lib/profiles/overview";
import { unpackFleetIndex, type PackedFleetIndex } from "@/lib/server/index-wire";
import type { FleetIndex, ToolDetail } from "@/lib/server/page-state";

export interface ClientError extends ApiError {
  /** HTTP status; 0 when the request never got an answer (server down, network). */
  status: number;
}

export type ApiResult<T> = { ok: true; data: T } | { ok: false; error: ClientError };

/** The message a person sees when the auth cookie is missing (401). */
export const NO_TOKEN_MESSAGE =
  "No access token: open the URL printed in the terminal (it ends in ?token=...) to sign this browser in.";

function isApiError(value: unknown): value is ApiError {
  return (
    typeof value === "object" &&
    value !== null &&
    typeof (value as ApiError).code === "string" &&
    typeof (value as ApiError).message === "string"
  );
}

/** One typed request; the generic is the caller's promise about the body shape (the server is the contract). */
export async function apiRequest<T>(method: "GET" | "POST" | "PUT" | "PATCH" | "DELETE", path: string, body?: unknown): Promise<ApiResult<T>> {
  let response: Response;
  try {
    response = await fetch(path, {
      method,
      credentials: "same-origin",
      cache: "no-store",
      headers: body === undefined ? { accept: "application/json" } : { accept: "application/json", "content-type": "application/json" },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
  } catch (cause) {
    const message = cause instanceof Error ? cause.message : String(cause);
    return { ok: false, error: { code: "unavailable:network", message: `The MCP Fleet server did not answer (${message}). Is it still running?`, status: 0 } };
  }
  let payload: unknown = null;
  const text = await response.text().catch(() => "");
  if (text) {
    try {
      payload = JSON.parse(text);
    } catch {
      payload = null;
    }
  }
  if (!response.ok) {
    if (response.status === 401) {
      const message = isApiError(payload) ? payload.message : NO_TOKEN_MESSAGE;
      return { ok: false, error: { code: isApiError(payload) ? payload.code : "unauthorized:token", message, status: 401 } };
    }
    if (isApiError(payload)) return { ok: false, error: { code: payload.code, message: payload.message, status: response.status } };
    return { ok: false, error: { code: `http:${response.status}`, message: `${method} ${path} failed with HTTP ${response.status}.`, status: response.status } };
  }
  return { ok: true, data: payload as T };
}

/** Where the pages read the index: packed (lib/server/index-wire.ts), less than half the bytes of the objects. The layout preloads it. */
export const FLEET_INDEX_PATH = "/api/fleet/index?form=packed";

/** The index every page starts from (per tool: names, hashes, flags, each client's verdict, sizes). */
export async function fetchFleetIndex(): Promise<ApiResult<FleetIndex>> {
  const result = await apiRequest<PackedFleetIndex>("GET", FLEET_INDEX_PATH);
  if (!result.ok) return result;
  const packed = result.data;
  const notPacked = { ok: false as const, error: { code: "internal:fleet", message: `GET ${FLEET_INDEX_PATH} answered with something other than a packed fleet index.`, status: 200 } };
  if (typeof packed !== "object" || packed === null || packed.packed !== 1 || !Array.isArray(packed.tools)) return notPacked;
  try {
    return { ok: true, data: unpackFleetIndex(packed) };
  } catch {
    return notPacked;
  }
}

/** One tool in full: its schemas, checks and every client's verdict. */
export function fetchToolDetail(serverId: string, toolName: string, occurrence = 1): Promise<ApiResult<ToolDetail>> {
  const query = occurrence === 1 ? "" : `?occurrence=${occurrence}`;
  return apiRequest<ToolDetail>("GET", `/api/fleet/tools/${encodeURIComponent(serverId)}/${encodeURIComponent(toolName)}${query}`);
}

/** `config` is one `mcpServers` entry in Claude Code `.mcp.json` shape. */
export function addServer(id: string, config: unknown): Promise<ApiResult<unknown>> {
  return apiRequest("POST", "/api/servers", { id, config });
}

export function removeServer(id: string): Promise<ApiResult<unknown>> {
  return apiRequest("DELETE", `/api/servers/${encodeURIComponent(id)}`);
}

/** `timeoutMs`: a longer timeout for this server (a slow first start); without it, the one it had. */
export function reconnectServer(id: string, opts: { timeoutMs?: number } = {}): Promise<ApiResult<unknown>> {
  return apiRequest("POST", `/api/servers/${encodeURIComponent(id)}/reconnect`, opts.timeoutMs !== undefined ? { timeoutMs: opts.timeoutMs } : undefined);
}

export function refreshFleet(): Promise<ApiResult<unknown>> {
  return apiRequest("POST", "/api/refresh");
}

/** The context cost of one client's view, of the whole fleet or of one profile (docs/cost.md). */
export function fetchCost(client: ClientChoice, profile?: string | null): Promise<ApiResult<CostReport>> {
  const query = new URLSearchParams({ client, ...(profile ? { profile } : {}) });
  return apiRequest<CostReport>("GET", `/api/cost?${query}`);
}

/** The same with Claude's tokens counted by Anthropic (the server's key): only when the user asks. */
export function countCost(client: ClientChoice, profile?: string | null, model?: string): Promise<ApiResult<CostReport>> {
  return apiRequest<CostReport>("POST", "/api/cost/count", { client, ...(profile ? { profile } : {}), ...(model ? { model } : {}) });
}

/** mcp-fleet.json's profiles, each with its own fleet and cost, and the suggestions (docs/profiles.md). */
export function fetchProfiles(client: ClientChoice = "claude-code"): Promise<ApiResult<ProfilesView>> {
  return apiRequest<ProfilesView>("GET", `/api/profiles?${new URLSearchParams({ client })}`);
}

export type StreamStatus = "connecting" | "open" | "closed";

/**
 * Subscribes to `GET /api/events` (SSE). `handlers` maps an event type (`fleet`: what changed in the
 * fleet index; `history`, `permissions`) to a callback given the parsed JSON data. EventSource reconnects on its own;
 * `onStatus` reports the connection for the live indicator. Returns the unsubscribe function.
 */
export function openEventStream(
  handlers: Record<string, (data: unknown) => void>,
  onStatus: (status: StreamStatus) => void,
): () => void {
  if (typeof EventSource === "undefined") {
    onStatus("closed");
    return () => {};
  }
  const source = new EventSource("/api/events", { withCredentials: true });
  onStatus("connecting");
  source.onopen = () => onStatus("open");
  source.onerror = () => onStatus(source.readyState === EventSource.CLOSED ? "closed" : "connecting");
  for (const [type, handler] of Object.entries(handlers)) {
    source.addEventListener(type, (event) => {
      let data: unknown;
      try {
        data = JSON.parse((event as MessageEvent<string>).data);
      } catch {
        return; // a malformed frame must not break the stream; the next state supersedes it
      }
      handler(data);
    });
  }
  return () => {
    source.close();
    onStatus("closed");
  };
}

/** Saves a JSON value as a file download (the alias maps); kept here so components stay free of browser plumbing. */
export function downloadJson(fileName: string, value: unknown): void {
  const blob = new Blob([JSON.stringify(value, null, 2) + "\n"], { type: "application/json" });
  const url = URL.createObjectURL(blob);
  const anchor = document.createElement("a");
  anchor.href = url;
  anchor.download = fileName;
  document.body.appendChild(anchor);
  anchor.click();
  anchor.remove();
  setTimeout(() => URL.revokeObjectURL(url), 1000);
}
