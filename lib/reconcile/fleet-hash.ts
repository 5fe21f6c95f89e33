/**
 * The fleet hash (DESIGN.md "Words"): SHA-256 of the canonical JSON of [{name, description,
 * inputSchema}] of the exposed tools, ordered by exposed name: a prompt-cache key (seed 000).
 * Built from each schema's canonical text, already computed for its hash, so nothing is serialized twice.
 */
import { createTextHasher } from "../schema/hash";

export interface FleetHashItem {
  name: string;
  description: string;
  /** canonicalJson(final inputSchema). */
  canonicalSchema: string;
}

/** Items must already be ordered by name. Equal to hashJson([{ name, description, inputSchema }, ...]). */
export function buildFleetHash(items: FleetHashItem[]): string {
  const hasher = createTextHasher().update("[");
  for (let i = 0; i < items.length; i++) {
    const item = items[i];
    // Keys in canonical order: description < inputSchema < name.
    hasher
      .update(`${i > 0 ? "," : ""}{"description":${JSON.stringify(item.description)},"inputSchema":`)
      .update(item.canonicalSchema)
      .update(`,"name":${JSON.stringify(item.name)}}`);
  }
  return hasher.update("]").digestHex();
}
