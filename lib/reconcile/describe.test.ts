import { describe, expect, test } from "vitest";
import { descriptionLengthFinding, finalDescription } from "./describe";

describe("finalDescription", () => {
  test.each([
    ["unchanged without tag or sentence", "Create a new issue", {}, "Create a new issue"],
    ["tagged", "Create a new issue", { tag: "GitHub" }, "[GitHub] Create a new issue"],
    ["tagged once when already tagged", "[GitHub] Create a new issue", { tag: "GitHub" }, "[GitHub] Create a new issue"],
    ["an empty description gets the bare tag", "", { tag: "GitHub" }, "[GitHub]"],
    ["the sentence goes first", "Get one issue.", { sentence: "Provide exactly one of: (id) or (key)." }, "Provide exactly one of: (id) or (key). Get one issue."],
    ["the tag goes before the sentence", "Get one issue.", { sentence: "Provide exactly one of: (id).", tag: "Linear" }, "[Linear] Provide exactly one of: (id). Get one issue."],
    ["an empty description gets the sentence alone", "", { sentence: "Provide at least one of: (a) or (b)." }, "Provide at least one of: (a) or (b)."],
  ])("%s", (_label, original, opts, expected) => {
    expect(finalDescription(original, opts)).toBe(expected);
  });

  test.each([
    ["tag", { tag: "GitHub" }],
    ["sentence", { sentence: "Provide exactly one of: (id) or (key)." }],
    ["both", { tag: "GitHub", sentence: "Provide exactly one of: (id) or (key)." }],
  ])("is idempotent (%s)", (_label, opts) => {
    const once = finalDescription("Get one issue.", opts);
    expect(finalDescription(once, opts)).toBe(once);
  });
});

describe("descriptionLengthFinding", () => {
  test.each([
    [2048, false],
    [2049, true],
  ])("%i characters flagged: %s", (length, flagged) => {
    expect(descriptionLengthFinding("x".repeat(length)) !== null).toBe(flagged);
  });

  test("counts characters and shows UTF-8 bytes", () => {
    expect(descriptionLengthFinding("é".repeat(2049))?.message).toContain("2049 characters (4098 UTF-8 bytes)");
  });
});
