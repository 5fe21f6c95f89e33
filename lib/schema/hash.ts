/**
 * SHA-256 hashes of canonical JSON (docs/fleet-snapshot.md "Words": schema, description and fleet hashes).
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

export interface TextHasher {
  update(text: string): TextHasher;
  /** SHA-256 hex of everything given so far, as if it were one string. */
  digestHex(): string;
}

const CHUNK = 1 << 16;

/**
 * SHA-256 over a long text given in pieces, without joining it into one string: pieces are
 * UTF-8 encoded into one reused buffer (the fleet hash covers every tool's schema and description).
 */
export function createTextHasher(): TextHasher {
  const hash = sha256.create();
  const buffer = new Uint8Array(CHUNK);
  let used = 0;
  const flush = () => {
    if (used > 0) hash.update(buffer.subarray(0, used));
    used = 0;
  };
  const hasher: TextHasher = {
    update(text) {
      // A UTF-16 code unit takes at most 3 UTF-8 bytes, so this always fits.
      if (text.length * 3 > CHUNK - used) {
        flush();
        if (text.length * 3 > CHUNK) {
          hash.update(encoder.encode(text));
          return hasher;
        }
      }
      used += encoder.encodeInto(text, buffer.subarray(used)).written;
      return hasher;
    },
    digestHex() {
      flush();
      return bytesToHex(hash.digest());
    },
  };
  return hasher;
}

/** The form a hash is shown in: its first 16 hex digits. */
export function shortHash(hex: string): string {
  return hex.slice(0, 16);
}
