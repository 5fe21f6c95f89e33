/**
 * Node's native SHA-256 (OpenSSL) for the pure core's hashes (docs/fleet-snapshot.md "Words"): the core
 * hashes with pure JS so it runs in the browser; on the server every schema, description, tool and fleet
 * hash goes through here instead, byte for byte the same hashes, several times faster.
 */
import * as crypto from "node:crypto";
import { useSha256, type Sha256Hex, type Sha256Stream } from "@/lib/schema/hash";

// crypto.hash (one shot, no Hash object) is Node 20.12+; createHash gives the same bytes on older 20s.
const oneShot = (crypto as { hash?: (algorithm: string, data: string, encoding: "hex") => string }).hash;

/** SHA-256 hex of the UTF-8 bytes of `text` (a lone surrogate becomes U+FFFD, as TextEncoder makes it). */
export const nativeSha256Hex: Sha256Hex =
  typeof oneShot === "function" ? (text) => oneShot("sha256", text, "hex") : (text) => crypto.createHash("sha256").update(text, "utf8").digest("hex");

/** SHA-256 of a text given in pieces (no piece ending inside a surrogate pair). */
export function nativeSha256Stream(): Sha256Stream {
  const hash = crypto.createHash("sha256");
  return {
    update: (piece) => void hash.update(piece, "utf8"),
    digestHex: () => hash.digest("hex"),
  };
}

/** Makes every hash the core computes in this process native; idempotent. */
export function installNativeSha256(): void {
  useSha256(nativeSha256Hex, nativeSha256Stream);
}
