/**
 * Which client's view a cost is of (docs/cost.md): the client choices of lib/clients that the cost pages
 * offer, kept in the URL as `?client=` beside `?profile=`. Pure.
 */
import { CLIENT_CHOICES, type ClientChoice } from "@/lib/clients/choices";
import { withProfile } from "@/components/profiles/profile-href";

export const CLIENT_PARAM = "client";

/** The clients a person compares; older Claude Code versions stay reachable through the API and the CLI. */
export const COST_CLIENTS = ["claude-code", "codex", "agent-sdk"] as const satisfies readonly ClientChoice[];
export type CostClient = (typeof COST_CLIENTS)[number];

const SHORT: Record<CostClient, string> = { "claude-code": "Claude Code", codex: "Codex", "agent-sdk": "Agent SDK" };

export const COST_CLIENT_OPTIONS = COST_CLIENTS.map((value) => ({ value, label: SHORT[value], title: CLIENT_CHOICES[value].label }));

const isCostClient = (value: string | null): value is CostClient => (COST_CLIENTS as readonly string[]).includes(value ?? "");

/**
 * The client a URL names; when it names none or one not offered, the person's kept preference (the
 * client last chosen on any page) if the cost pages offer it, else Claude Code.
 */
export function costClientOf(params: Pick<URLSearchParams, "get">, preferred: ClientChoice | null = null): CostClient {
  const value = params.get(CLIENT_PARAM);
  return isCostClient(value) ? value : isCostClient(preferred) ? preferred : "claude-code";
}

/** The /cost page for a client and profile; Claude Code, the default, is left out of the URL. */
export function costHref(client: CostClient, profile: string | null): string {
  return withProfile(client === "claude-code" ? "/cost" : `/cost?${CLIENT_PARAM}=${client}`, profile);
}
