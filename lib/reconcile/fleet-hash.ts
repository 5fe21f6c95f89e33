/**
 * Tool hashes and the fleet hash (docs/fleet-snapshot.md "Words"): a tool hash is SHA-256 of the canonical JSON
 * of one tool as a client sends it; the fleet hash is SHA-256 over the ordered list of tool hashes
 * (a Merkle list), so one changed tool costs one tool hash, and the fleet hash changes exactly when
 * what the model sees changes: a prompt-cache key.
 */
import { canonicalJson } from "../schema/canonical-json";
import { sha256Hex, sha256Stream } from "../schema/hash";

/**
 * Canonical JSON of a Claude API tool `{ name, description, input_schema }`, built from the schema's
 * canonical text (already computed for its hash), so nothing is serialized twice.
 * Equal to canonicalJson({ name, description, input_schema }).
 */
export function canonicalClaudeTool(name: string, description: string, canonicalSchema: string, descriptionJson = JSON.stringify(description)): string {
  // Keys in canonical order: description < input_schema < name.
  return `{"description":${descriptionJson},"input_schema":${canonicalSchema},"name":${JSON.stringify(name)}}`;
}

/** SHA-256 hex of a tool's canonical JSON text. */
export function toolHashOfText(canonicalTool: string): string {
  return sha256Hex(canonicalTool);
}

/** SHA-256 hex of the canonical JSON of one tool as a client sends it. */
export function toolHash(wireTool: unknown): string {
  return sha256Hex(canonicalJson(wireTool));
}

/** Tool hashes written to the hash at a time: pieces of about 70 KB, where one text would be 680 KB for 10,000 tools. */
const HASHES_PER_PIECE = 1024;

/**
 * The fleet hash of tool hashes in the order the client sends the tools: SHA-256 of their JSON array,
 * written to the hash in pieces, so a big fleet's array is never one long string (garbage the size of
 * the fleet, per view and update).
 */
export function fleetHashOf(toolHashes: readonly string[]): string {
  if (toolHashes.length <= HASHES_PER_PIECE) return sha256Hex(toolHashes.length === 0 ? "[]" : `["${toolHashes.join('","')}"]`);
  const hash = sha256Stream();
  for (let i = 0; i < toolHashes.length; i += HASHES_PER_PIECE) {
    hash.update(`${i === 0 ? '["' : '","'}${toolHashes.slice(i, i + HASHES_PER_PIECE).join('","')}`);
  }
  hash.update('"]');
  return hash.digestHex();
}
