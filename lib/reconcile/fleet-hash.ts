/**
 * The fleet hash (DESIGN.md "Words"): SHA-256 of the canonical JSON of [{name, description,
 * inputSchema}] of the exposed tools, ordered by exposed name: a prompt-cache key (seed 000).
 * Built from each schema's canonical text, already computed for its hash, so nothing is serialized twice.
 */
import { sha256Hex } from "../schema/hash";

export interface FleetHashItem {
  name: string;
  description: string;
  /** canonicalJson(final inputSchema). */
  canonicalSchema: string;
}

/** Items must already be ordered by name. Equal to hashJson([{ name, description, inputSchema }, ...]). */
export function buildFleetHash(items: FleetHashItem[]): string {
  const parts: string[] = new Array(items.length);
  for (let i = 0; i < items.length; i++) {
    const item = items[i];
    // Keys in canonical order: description < inputSchema < name.
    parts[i] = `{"description":${JSON.stringify(item.description)},"inputSchema":${item.canonicalSchema},"name":${JSON.stringify(item.name)}}`;
  }
  return sha256Hex(`[${parts.join(",")}]`);
}
