import { describe, expect, test } from "vitest";
import { cutDescription, descriptionLengthFinding, finalDescription } from "./describe";

describe("finalDescription", () => {
  test.each([
    ["unchanged without tag or sentence", "Create a new issue", {}, "Create a new issue"],
    ["tagged", "Create a new issue", { tag: "GitHub" }, "[GitHub] Create a new issue"],
    ["tagged once when already tagged", "[GitHub] Create a new issue", { tag: "GitHub" }, "[GitHub] Create a new issue"],
    ["an empty description gets the bare tag", "", { tag: "GitHub" }, "[GitHub]"],
    ["the sentence goes first, then a blank line", "Get one issue.", { sentence: "Input constraint: X." }, "Input constraint: X.\n\nGet one issue."],
    ["the tag goes before the sentence", "Get one issue.", { sentence: "Input constraint: X.", tag: "Linear" }, "[Linear] Input constraint: X.\n\nGet one issue."],
    ["an empty description gets the sentence alone", "", { sentence: "Input constraint: X." }, "Input constraint: X."],
  ])("%s", (_label, original, opts, expected) => {
    expect(finalDescription(original, opts)).toBe(expected);
  });

  test.each([
    ["tag", { tag: "GitHub" }],
    ["sentence", { sentence: "Input constraint: X." }],
    ["both", { tag: "GitHub", sentence: "Input constraint: X." }],
  ])("is idempotent (%s)", (_label, opts) => {
    const once = finalDescription("Get one issue.", opts);
    expect(finalDescription(once, opts)).toBe(once);
  });
});

describe("Claude Code's description limit", () => {
  test.each([
    [4096, false],
    [4097, true],
  ])("%i characters flagged: %s", (length, flagged) => {
    expect(descriptionLengthFinding("x".repeat(length)) !== null).toBe(flagged);
  });

  test("counts characters and shows UTF-8 bytes", () => {
    expect(descriptionLengthFinding("é".repeat(4097))?.message).toContain("it is 4,097 characters (8,194 UTF-8 bytes)");
  });

  test.each([
    ["at the limit: whole", "x".repeat(4096), 4096, null],
    ["one over: 4,096 kept, then the suffix (4,109 in all)", "x".repeat(4097), 4109, { limit: 4096, originalLength: 4097, suffix: "\u2026 [truncated]" }],
    ["an emoji across the cut: its first half goes too", `${"x".repeat(4095)}\u{1F600}x`, 4108, { limit: 4096, originalLength: 4098, suffix: "\u2026 [truncated]" }],
  ])("cutDescription %s", (_label, text, length, cut) => {
    const result = cutDescription(text);
    expect(result.text).toHaveLength(length);
    expect(result.cut).toEqual(cut);
    if (cut) expect(result.text.endsWith("x\u2026 [truncated]")).toBe(true);
    expect(result.text).not.toMatch(/[\uD800-\uDBFF](?![\uDC00-\uDFFF])/);
  });
});
