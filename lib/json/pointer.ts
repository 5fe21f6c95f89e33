/**
 * JSON Pointer (RFC 6901) tokens: `~` is written `~0` and `/` is written `~1`. Finding paths, config
 * sources and the schema diff all name places this way.
 */

/** One reference token, escaped. */
export function pointerToken(token: string | number): string {
  const text = String(token);
  return text.includes("~") || text.includes("/") ? text.replace(/~/g, "~0").replace(/\//g, "~1") : text;
}

/** `base` with each token appended, escaped: `pointer("/properties", "a/b")` is `/properties/a~1b`. */
export function pointer(base: string, ...tokens: (string | number)[]): string {
  let out = base;
  for (const token of tokens) out += "/" + pointerToken(token);
  return out;
}

/** The unescaped tokens of a pointer; `""` (the whole document) has none. */
export function pointerTokens(text: string): string[] {
  if (text === "") return [];
  return text
    .slice(1)
    .split("/")
    .map((token) => token.replace(/~1/g, "/").replace(/~0/g, "~"));
}
