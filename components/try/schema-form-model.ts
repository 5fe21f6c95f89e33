/**
 * The Try it form, built from the final schema a client sends: one field per top-level property (a text
 * box for strings, a number box, a choice for enums and booleans, a JSON box for anything richer), read
 * from and written into the arguments object, so the form and the raw JSON editor are two views of one
 * value. Pure: no React, so every field kind is a line in a test table.
 */
import { isPlainObject } from "@/lib/json/values";

export type FieldKind = "string" | "number" | "integer" | "boolean" | "enum" | "json";

export interface FormField {
  name: string;
  kind: FieldKind;
  required: boolean;
  description?: string;
  /** enum: the allowed values, as the schema lists them. */
  options?: unknown[];
}

export interface FormModel {
  fields: FormField[];
  /** Why there is no form (no properties to show), in words. */
  note?: string;
}

/** A property's single JSON type, when it has exactly one besides null. */
function singleType(schema: Record<string, unknown>): string | undefined {
  const type = schema.type;
  if (typeof type === "string") return type;
  if (Array.isArray(type)) {
    const real = type.filter((t) => t !== "null");
    return real.length === 1 && typeof real[0] === "string" ? real[0] : undefined;
  }
  return undefined;
}

function kindOf(schema: unknown): FieldKind {
  if (!isPlainObject(schema)) return "json";
  if (Array.isArray(schema.enum) && schema.enum.length > 0) return "enum";
  if ("const" in schema) return "enum";
  switch (singleType(schema)) {
    case "string":
      return "string";
    case "number":
      return "number";
    case "integer":
      return "integer";
    case "boolean":
      return "boolean";
    default:
      return "json";
  }
}

export function formModel(schema: unknown): FormModel {
  if (!isPlainObject(schema)) return { fields: [], note: "The schema is not an object: write the arguments as JSON." };
  const properties = schema.properties;
  if (!isPlainObject(properties) || Object.keys(properties).length === 0) return { fields: [], note: "The schema names no properties: write the arguments as JSON." };
  const required = new Set(Array.isArray(schema.required) ? schema.required.filter((r): r is string => typeof r === "string") : []);
  const fields = Object.entries(properties).map(([name, property]): FormField => {
    const kind = kindOf(property);
    const description = isPlainObject(property) && typeof property.description === "string" ? property.description : undefined;
    const options = kind === "enum" && isPlainObject(property) ? (Array.isArray(property.enum) ? property.enum : [property.const]) : undefined;
    return { name, kind, required: required.has(name), ...(description ? { description } : {}), ...(options ? { options } : {}) };
  });
  // Required fields first, each group in the schema's own order.
  return { fields: [...fields.filter((f) => f.required), ...fields.filter((f) => !f.required)] };
}

/** What a field's input shows for the current arguments (`""`: unset). */
export function fieldText(args: Record<string, unknown>, field: FormField): string {
  if (!Object.prototype.hasOwnProperty.call(args, field.name)) return "";
  const value = args[field.name];
  switch (field.kind) {
    case "string":
      return typeof value === "string" ? value : JSON.stringify(value);
    case "number":
    case "integer":
      return typeof value === "number" ? String(value) : JSON.stringify(value);
    case "boolean":
      return value === true ? "true" : value === false ? "false" : JSON.stringify(value);
    case "enum": {
      const i = (field.options ?? []).findIndex((o) => JSON.stringify(o) === JSON.stringify(value));
      return i >= 0 ? String(i) : "";
    }
    case "json":
      return JSON.stringify(value, null, 2);
  }
}

/**
 * The arguments with a field set from what its input holds (`""` unsets it), or the reason the input
 * cannot be read (the arguments then stay as they were).
 */
export function withField(args: Record<string, unknown>, field: FormField, text: string): { args: Record<string, unknown> } | { error: string } {
  const next = { ...args };
  if (text === "" && field.kind !== "string") {
    delete next[field.name];
    return { args: next };
  }
  switch (field.kind) {
    case "string":
      if (text === "" && !field.required) delete next[field.name];
      else next[field.name] = text;
      return { args: next };
    case "number":
    case "integer": {
      const n = Number(text.trim());
      if (text.trim() === "" || !Number.isFinite(n)) return { error: "not a number" };
      next[field.name] = n;
      return { args: next };
    }
    case "boolean":
      if (text !== "true" && text !== "false") return { error: "true or false" };
      next[field.name] = text === "true";
      return { args: next };
    case "enum": {
      const options = field.options ?? [];
      const i = Number(text);
      if (!Number.isInteger(i) || i < 0 || i >= options.length) return { error: "not one of the choices" };
      next[field.name] = options[i];
      return { args: next };
    }
    case "json":
      try {
        next[field.name] = JSON.parse(text);
        return { args: next };
      } catch {
        return { error: "not valid JSON" };
      }
  }
}

/** The arguments as the raw editor shows them. */
export function argumentsText(args: unknown): string {
  return JSON.stringify(args, null, 2);
}
