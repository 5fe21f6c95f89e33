/** Characters, UTF-8 bytes and o200k_base tokens, one line per case. */
import { expect, test } from "vitest";
import { codePoints, utf8Bytes, measure, addSizes } from "./measure";
import { countO200k } from "./o200k";

test.each([
  ["", 0, 0],
  ["a", 1, 1],
  ["é", 1, 2],
  ["日本語", 3, 9],
  ["😀", 1, 4],
  ["a😀b", 3, 6],
  ["\ud800", 1, 3], // a lone surrogate goes out as U+FFFD
  ["\udc00x", 2, 4],
])("%j: %i characters, %i bytes", (text, chars, bytes) => {
  expect(codePoints(text)).toBe(chars);
  expect(utf8Bytes(text)).toBe(bytes);
  if (!/[\ud800-\udfff]/.test(text.replace(/[\ud800-\udbff][\udc00-\udfff]/g, ""))) expect(utf8Bytes(text)).toBe(new TextEncoder().encode(text).length);
});

// Token ids from tiktoken's o200k_base ranks (the same with js-tiktoken, an independent port).
test.each([
  ["", 0],
  ["hello world", 2],
  ["課題を作成します 😀 café", 8],
  ["  \n\n\t x", 3],
  ['{"name":"mcp__githost__create_issue","description":"Create a new issue in a repository.","input_schema":{"type":"object"}}', 30],
  ["a <|endoftext|> b", 9], // special-token text is counted as text, as the API sees it
])("o200k_base: %j is %i tokens", (text, tokens) => {
  expect(countO200k(text)).toBe(tokens);
});

test("measure and add", () => {
  const a = measure("hello world", countO200k);
  expect(a).toEqual({ chars: 11, bytes: 11, tokens: 2 });
  expect(addSizes([a, measure("😀", () => 1)])).toEqual({ chars: 12, bytes: 15, tokens: 3 });
  expect(addSizes([])).toEqual({ chars: 0, bytes: 0, tokens: 0 });
});
