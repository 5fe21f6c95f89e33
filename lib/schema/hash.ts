/**
 * SHA-256 hashes of canonical JSON (docs/fleet-snapshot.md "Words": schema, description and fleet hashes).
 * @noble/hashes is pure JS, so the same hashes come out in the browser and in Node; a server hands in
 * Node's native SHA-256 once (`useSha256`, lib/fleet/native-sha256.ts), which gives the same hashes
 * several times faster, without the core importing anything Node-only.
 */
import { sha256 } from "@noble/hashes/sha2.js";
import { bytesToHex } from "@noble/hashes/utils.js";
import { canonicalJson } from "./canonical-json";

const encoder = new TextEncoder();

/** SHA-256 of the UTF-8 bytes of a string (a lone surrogate counts as U+FFFD), as 64 lowercase hex digits. */
export type Sha256Hex = (text: string) => string;

/** The pure-JS SHA-256 that runs anywhere: the browser's, and the default. */
export function portableSha256Hex(text: string): string {
  return bytesToHex(sha256(encoder.encode(text)));
}

let implementation: Sha256Hex = portableSha256Hex;

/** SHA-256 of the UTF-8 bytes of `text`, as 64 lowercase hex digits. */
export function sha256Hex(text: string): string {
  return implementation(text);
}

/**
 * Hashes with `sha256` from now on, in this JavaScript realm: a server entry point passes Node's
 * native one. It must give exactly the hashes `portableSha256Hex` gives (a test proves it on a table).
 */
export function useSha256(sha256: Sha256Hex): void {
  implementation = sha256;
}

/** SHA-256 hex of the canonical JSON of `value`. */
export function hashJson(value: unknown): string {
  return sha256Hex(canonicalJson(value));
}

/** The form a hash is shown in: its first 16 hex digits. */
export function shortHash(hex: string): string {
  return hex.slice(0, 16);
}
