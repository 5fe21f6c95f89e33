import { expect, test } from "vitest";
import { readBlock, readResult } from "./read-result";

const PNG_1PX = "iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==";
const WEATHER = { type: "object", properties: { temperature: { type: "number" } }, required: ["temperature"] };

test.each([
  ["text", { type: "text", text: "hello" }, { type: "text", text: "hello" }],
  ["text holding JSON", { type: "text", text: ' {"a":1}' }, { type: "text", text: ' {"a":1}', json: { a: 1 } }],
  ["text that only looks like JSON", { type: "text", text: "{not json" }, { type: "text", text: "{not json" }],
  ["an image", { type: "image", mimeType: "image/png", data: PNG_1PX }, { type: "image", mimeType: "image/png", data: PNG_1PX }],
  ["an image that is not one", { type: "image", mimeType: "text/html", data: PNG_1PX }, { type: "image", mimeType: "text/html", data: PNG_1PX, problem: 'its mimeType "text/html" is not image/*' }],
  ["image data that is not base64", { type: "image", mimeType: "image/png", data: "<svg>" }, { type: "image", mimeType: "image/png", data: "<svg>", problem: "its data is not base64" }],
  ["a resource link", { type: "resource_link", uri: "file:///a.txt", name: "a.txt" }, { type: "resource_link", uri: "file:///a.txt", name: "a.txt" }],
  ["an embedded resource", { type: "resource", resource: { uri: "file:///b", mimeType: "text/plain", text: "B" } }, { type: "resource", uri: "file:///b", mimeType: "text/plain", text: "B" }],
  ["an embedded blob counts its bytes", { type: "resource", resource: { uri: "x:b", blob: "AAAA" } }, { type: "resource", uri: "x:b", blobBytes: 3 }],
  ["a kind from a later spec", { type: "hologram" }, { type: "other", kind: "hologram", raw: { type: "hologram" } }],
  ["not an object", "text", { type: "other", kind: "string", raw: "text" }],
])("a content block: %s", (_name, block, expected) => {
  expect(readBlock(block)).toEqual(expected);
});

test.each([
  ["a plain result", { content: [{ type: "text", text: "ok" }] }, undefined, { isError: false, structured: null, problems: [] }],
  ["isError: the tool's own failure", { content: [{ type: "text", text: "no such file" }], isError: true }, undefined, { isError: true, problems: [] }],
  [
    "structuredContent that meets the outputSchema",
    { content: [], structuredContent: { temperature: 22.5 } },
    WEATHER,
    { structured: { present: true, check: { status: "valid", dialect: "2020-12" } } },
  ],
  [
    "structuredContent that does not",
    { content: [], structuredContent: { temperature: "hot" } },
    WEATHER,
    { structured: { present: true, check: { status: "invalid", errors: [{ path: "$.temperature", message: "must be number" }] } } },
  ],
  [
    "an outputSchema and no structuredContent",
    { content: [{ type: "text", text: "22.5" }] },
    WEATHER,
    { structured: { present: false, check: null, problem: "the tool declares an outputSchema but sent no structuredContent (the spec says it must)" } },
  ],
  ["an outputSchema, no structuredContent, but an error: nothing is owed", { content: [], isError: true }, WEATHER, { structured: null }],
  ["structuredContent with nothing to check it against", { content: [], structuredContent: { a: 1 } }, undefined, { structured: { present: true, check: null } }],
  ["no content at all", {}, undefined, { problems: ["the result has no content array"] }],
  ["a result that is not an object", 42, undefined, { problems: ["the result is number, not an object with content"] }],
  ["a block of unknown type and a broken image", { content: [{ type: "x" }, { type: "image", mimeType: "image/png", data: "" }] }, undefined, { problems: ['content[0] is of unknown type "x"', "content[1] (image): its data is not base64"] }],
  ["isError of the wrong kind", { content: [], isError: "yes" }, undefined, { isError: false, problems: ["isError is not a boolean"] }],
])("a result: %s", (_name, result, outputSchema, expected) => {
  expect(readResult(result, outputSchema)).toMatchObject(expected);
});
