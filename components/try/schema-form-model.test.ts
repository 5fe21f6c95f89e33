import { describe, expect, test } from "vitest";
import { fieldText, formModel, withField, type FormField } from "./schema-form-model";

const ISSUE = {
  type: "object",
  properties: {
    description: { type: "string", description: "Markdown body." },
    title: { type: "string" },
    priority: { type: "integer", enum: [0, 1, 2] },
    estimate: { type: ["number", "null"] },
    draft: { type: "boolean" },
    labels: { type: "array", items: { type: "string" } },
    kind: { const: "bug" },
    target: { anyOf: [{ type: "string" }, { type: "number" }] },
  },
  required: ["title"],
};

describe("formModel", () => {
  test("one field per property, required first, each with the kind its schema asks for", () => {
    expect(formModel(ISSUE).fields.map((f) => `${f.name}:${f.kind}${f.required ? "*" : ""}`)).toEqual([
      "title:string*",
      "description:string",
      "priority:enum",
      "estimate:number",
      "draft:boolean",
      "labels:json",
      "kind:enum",
      "target:json",
    ]);
    expect(formModel(ISSUE).fields.find((f) => f.name === "kind")?.options).toEqual(["bug"]);
    expect(formModel(ISSUE).fields.find((f) => f.name === "description")?.description).toBe("Markdown body.");
  });

  test.each([
    [{ type: "object" }, "The schema names no properties: write the arguments as JSON."],
    [{ type: "object", properties: {} }, "The schema names no properties: write the arguments as JSON."],
    [true, "The schema is not an object: write the arguments as JSON."],
  ])("no form for %j", (schema, note) => {
    expect(formModel(schema)).toEqual({ fields: [], note });
  });
});

const field = (name: string) => formModel(ISSUE).fields.find((f) => f.name === name) as FormField;

describe("withField and fieldText: the form and the JSON are one value", () => {
  test.each<[string, string, Record<string, unknown>]>([
    ["title", "Crash", { title: "Crash" }],
    ["title", "", { title: "" }],
    ["description", "", {}],
    ["priority", "2", { priority: 2 }],
    ["estimate", "1.5", { estimate: 1.5 }],
    ["estimate", "", {}],
    ["draft", "false", { draft: false }],
    ["labels", '["a","b"]', { labels: ["a", "b"] }],
    ["kind", "0", { kind: "bug" }],
  ])("%s = %j", (name, text, expected) => {
    const result = withField({ description: "old" }, field(name), text);
    if (!("args" in result)) throw new Error(result.error);
    // Only the field itself changes (an optional string emptied is unset).
    const { description, ...rest } = result.args;
    expect(name === "description" ? result.args : rest).toEqual(expected);
    if (name !== "description") expect(description).toBe("old");
    // And the input shows what was typed.
    const shown = fieldText(result.args, field(name));
    if (text !== "") expect(field(name).kind === "json" ? JSON.parse(shown) : shown).toEqual(field(name).kind === "json" ? JSON.parse(text) : text);
  });

  test.each([
    ["estimate", "abc", "not a number"],
    ["draft", "yes", "true or false"],
    ["priority", "7", "not one of the choices"],
    ["labels", "[a", "not valid JSON"],
  ])("%s = %j is refused: %s", (name, text, error) => {
    expect(withField({}, field(name), text)).toEqual({ error });
  });

  test("a value of the wrong kind still shows, as JSON", () => {
    expect(fieldText({ title: 3, estimate: "x", draft: "yes", priority: 9 }, field("title"))).toBe("3");
    expect(fieldText({ estimate: "x" }, field("estimate"))).toBe('"x"');
    expect(fieldText({ priority: 9 }, field("priority"))).toBe("");
  });
});
