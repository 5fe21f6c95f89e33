/**
 * Canonical JSON (RFC 8785 / JCS key order): object keys sorted recursively by UTF-16 code units,
 * no whitespace, numbers and strings as JSON.stringify writes them. The basis of every hash
 * (docs/fleet-snapshot.md "Words"): sorting only the top level would let a nested change keep the hash.
 */

/** Canonical JSON text of a JSON value. `undefined` members are left out, as JSON.stringify does. */
export function canonicalJson(value: unknown): string {
  return write(value) ?? "null";
}

// Returns undefined for values JSON has no text for (undefined, functions, symbols), so objects can skip them.
function write(value: unknown): string | undefined {
  switch (typeof value) {
    case "string":
      return JSON.stringify(value);
    case "number":
      return Number.isFinite(value) ? JSON.stringify(value) : "null";
    case "boolean":
      return value ? "true" : "false";
    case "bigint":
      return value.toString();
    case "object": {
      if (value === null) return "null";
      if (Array.isArray(value)) {
        let out = "[";
        for (let i = 0; i < value.length; i++) {
          if (i > 0) out += ",";
          out += write(value[i]) ?? "null";
        }
        return out + "]";
      }
      const record = value as Record<string, unknown>;
      const keys = Object.keys(record).sort();
      let out = "{";
      let first = true;
      for (const key of keys) {
        const text = write(record[key]);
        if (text === undefined) continue;
        out += (first ? "" : ",") + JSON.stringify(key) + ":" + text;
        first = false;
      }
      return out + "}";
    }
    default:
      return undefined;
  }
}
