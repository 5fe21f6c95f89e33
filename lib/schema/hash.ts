/**
 * SHA-256 hashes of canonical JSON (DESIGN.md "Words": schema, description and fleet hashes).
 * @noble/hashes is pure JS, so the same hashes come out in the browser and in Node.
 */
import { sha256 } from "@noble/hashes/sha2.js";
import { bytesToHex } from "@noble/hashes/utils.js";
import { canonicalJson } from "./canonical-json";

const encoder = new TextEncoder();

/** SHA-256 of the UTF-8 bytes of `text`, as 64 lowercase hex digits. */
export function sha256Hex(text: string): string {
  return bytesToHex(sha256(encoder.encode(text)));
}

/** SHA-256 hex of the canonical JSON of `value`. */
export function hashJson(value: unknown): string {
  return sha256Hex(canonicalJson(value));
}

/** The form a hash is shown in: its first 16 hex digits. */
export function shortHash(hex: string): string {
  return hex.slice(0, 16);
}
