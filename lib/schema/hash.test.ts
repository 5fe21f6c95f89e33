import { describe, expect, test } from "vitest";
import { hashJson, sha256Hex, shortHash } from "./hash";

// A create_issue schema, and five upstream changes that a hash of its top-level keys alone would miss.
const base = {
  type: "object",
  properties: {
    repo: { type: "string", description: "owner/name" },
    title: { type: "string" },
    labels: { type: "array", items: { type: "string", enum: ["bug", "feature"] } },
    meta: { type: "object", properties: { milestone: { type: "integer" } } },
    branch: { type: "string", pattern: "^[a-z]+$" },
  },
  required: ["repo", "title"],
};
const clone = () => structuredClone(base) as typeof base & Record<string, any>;

describe("sha256Hex", () => {
  // Expected values from an independent implementation (Node's OpenSSL sha256).
  test.each([
    ["", "e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855"],
    ["abc", "ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad"],
    ["é", "4a99557e4033c3539de2eb65472017cad5f9557f7a0625a09f1c3f6e2ba69c4c"],
  ])("hashes the UTF-8 bytes of %j", (text, expected) => {
    expect(sha256Hex(text)).toBe(expected);
  });

  test("hashJson hashes the canonical text", () => {
    expect(hashJson({ a: 1 })).toBe("015abd7f5cc57a2dd94b7590f04ad8084273905ee33ec5cebeae62276a97f862");
  });
});

describe("hashJson sees changes at every depth", () => {
  test.each([
    ["a nested property's type", (s: any) => (s.properties.meta.properties.milestone.type = "string")],
    ["an added optional property", (s: any) => (s.properties.assignee = { type: "string" })],
    ["a new enum value", (s: any) => s.properties.labels.items.enum.push("chore")],
    ["a description inside properties", (s: any) => (s.properties.repo.description = "owner/repository")],
    ["a changed pattern", (s: any) => (s.properties.branch.pattern = "^[a-z0-9]+$")],
  ])("changes when %s changes", (_label, change) => {
    const changed = clone();
    change(changed);
    expect(hashJson(changed)).not.toBe(hashJson(base));
  });

  test.each([
    ["at the root", { required: base.required, properties: base.properties, type: "object" }],
    [
      "inside properties",
      { ...base, properties: { branch: base.properties.branch, meta: base.properties.meta, labels: base.properties.labels, title: base.properties.title, repo: base.properties.repo } },
    ],
    [
      "three levels down",
      {
        ...base,
        properties: {
          ...base.properties,
          labels: { items: { enum: ["bug", "feature"], type: "string" }, type: "array" },
          meta: { properties: { milestone: { type: "integer" } }, type: "object" },
        },
      },
    ],
  ])("does not change when keys are reordered %s", (_label, reordered) => {
    expect(hashJson(reordered)).toBe(hashJson(base));
  });

  test("array order still counts", () => {
    expect(hashJson({ ...base, required: ["title", "repo"] })).not.toBe(hashJson(base));
  });

  test("shortHash shows the first 16 hex digits", () => {
    const full = hashJson(base);
    expect(shortHash(full)).toBe(full.slice(0, 16));
    expect(shortHash(full)).toHaveLength(16);
  });
});
