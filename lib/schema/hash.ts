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

/**
 * SHA-256 of a text given in pieces, the hash of the pieces joined (no piece may end inside a surrogate
 * pair): a long text is hashed without ever being one string.
 */
export interface Sha256Stream {
  update(piece: string): void;
  digestHex(): string;
}

/** The pure-JS SHA-256 that runs anywhere: the browser's, and the default. */
export function portableSha256Hex(text: string): string {
  return bytesToHex(sha256(encoder.encode(text)));
}

/** The pure-JS stream that runs anywhere. */
export function portableSha256Stream(): Sha256Stream {
  const hash = sha256.create();
  return {
    update: (piece) => void hash.update(encoder.encode(piece)),
    digestHex: () => bytesToHex(hash.digest()),
  };
}

/** A stream for a one-shot SHA-256 that has none: the pieces joined, then hashed. */
function joinedStream(oneShot: Sha256Hex): () => Sha256Stream {
  return () => {
    const pieces: string[] = [];
    return { update: (piece) => void pieces.push(piece), digestHex: () => oneShot(pieces.join("")) };
  };
}

let implementation: Sha256Hex = portableSha256Hex;
let streamImplementation: () => Sha256Stream = portableSha256Stream;

/** SHA-256 of the UTF-8 bytes of `text`, as 64 lowercase hex digits. */
export function sha256Hex(text: string): string {
  return implementation(text);
}

/** A SHA-256 stream of the implementation in use (`useSha256`). */
export function sha256Stream(): Sha256Stream {
  return streamImplementation();
}

/**
 * Hashes with `sha256` (and `stream`, for texts given in pieces) from now on, in this JavaScript realm:
 * a server entry point passes Node's native ones. They must give exactly the hashes the portable ones
 * give (a test proves it on a table). Without `stream`, pieces are joined and hashed with `sha256`.
 */
export function useSha256(sha256: Sha256Hex, stream: () => Sha256Stream = sha256 === portableSha256Hex ? portableSha256Stream : joinedStream(sha256)): void {
  implementation = sha256;
  streamImplementation = stream;
}

/** SHA-256 hex of the canonical JSON of `value`. */
export function hashJson(value: unknown): string {
  return sha256Hex(canonicalJson(value));
}

/** The form a hash is shown in: its first 16 hex digits. */
export function shortHash(hex: string): string {
  return hex.slice(0, 16);
}
