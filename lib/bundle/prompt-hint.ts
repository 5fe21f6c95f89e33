/**
 * The full-name hint for a host's system prompt (docs/bundle.md: in the first turn a model tends to drop the
 * `<server>__` prefix of a collided tool and call the bare name; one sentence naming the prefixed tools
 * as different tools brings the first turn in line with the others). Pure and deterministic.
 */
import type { ClientView } from "@/lib/clients/types";
import { compareCodeUnits } from "@/lib/json/values";

/** At most this many collided names are spelled out; the rest are counted. */
export const MAX_HINT_GROUPS = 10;

const code = (name: string) => `\`${name}\``;

function list(names: readonly string[]): string {
  return names.length <= 2 ? names.join(" and ") : `${names.slice(0, -1).join(", ")} and ${names[names.length - 1]}`;
}

/** The sentence(s) to put in the system prompt for the tools this view sends. */
export function systemPromptHint(view: ClientView<"agent-sdk">): string {
  const byOriginal = new Map<string, string[]>();
  for (const verdict of view.tools) {
    if (!verdict.sent || verdict.sent.name === verdict.originalName) continue;
    const names = byOriginal.get(verdict.originalName) ?? [];
    names.push(verdict.sent.name);
    byOriginal.set(verdict.originalName, names);
  }
  // A name is collided when two servers' tools of that original name are sent under prefixed names.
  const groups = [...byOriginal.entries()].filter(([, names]) => names.length >= 2).sort(([a], [b]) => compareCodeUnits(a, b));
  const base = "Call each tool by its full name, exactly as the tools list spells it.";
  if (groups.length === 0) return base;
  const shown = groups.slice(0, MAX_HINT_GROUPS).map(([original, names]) => `${list([...names].sort(compareCodeUnits).map(code))} are different tools (never call ${code(original)})`);
  const more = groups.length > MAX_HINT_GROUPS ? `; ${groups.length - MAX_HINT_GROUPS} more names are prefixed the same way` : "";
  return `${base} Tools that share a name across servers carry their server's name as a prefix: ${shown.join("; ")}${more}.`;
}
