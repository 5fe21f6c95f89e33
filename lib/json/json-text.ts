/**
 * JSON and JSONC text on VS Code's scanner (jsonc-parser, browser-safe): the value, or the first syntax
 * error as a code and an offset with a message that never quotes the text (a config's `env` may hold a
 * secret right where the error is), and the line and column of any member by its path.
 */
import { parseTree, printParseErrorCode, type JSONPath, type Node, type ParseError } from "jsonc-parser";

export type JsonPath = JSONPath;

export interface TextPosition {
  /** 1-based. */
  line: number;
  /** 1-based, in UTF-16 code units. */
  column: number;
}

/** jsonc-parser's error names: `CommaExpected`, `InvalidSymbol`, `UnexpectedEndOfString`, ... */
export type JsonErrorCode = ReturnType<typeof printParseErrorCode>;

export interface JsonSyntaxError extends TextPosition {
  code: JsonErrorCode;
  /** Offset of the error in the text as given (a byte order mark counts). */
  offset: number;
  /** The error in words, without the text around it. */
  message: string;
}

export type JsonTextResult =
  | { ok: true; value: unknown; positionOf: (path: JsonPath) => TextPosition | undefined }
  | { ok: false; error: JsonSyntaxError };

const MESSAGES: Record<JsonErrorCode, string> = {
  InvalidSymbol: "unexpected character (a value is a string in double quotes, a number, true, false, null, an object or an array)",
  InvalidNumberFormat: "invalid number",
  PropertyNameExpected: "expected a property name in double quotes",
  ValueExpected: "expected a value",
  ColonExpected: "expected ':' after a property name",
  CommaExpected: "expected ',' between two values",
  CloseBraceExpected: "expected '}' to close an object",
  CloseBracketExpected: "expected ']' to close an array",
  EndOfFileExpected: "unexpected text after the JSON value",
  InvalidCommentToken: "a comment, which JSON does not allow",
  UnexpectedEndOfComment: "a comment is not closed",
  UnexpectedEndOfString: "a string is not closed before the end of its line",
  UnexpectedEndOfNumber: "a number ends too early",
  InvalidUnicode: "invalid \\u escape in a string",
  InvalidEscapeCharacter: "invalid escape in a string",
  InvalidCharacter: "a control character (such as a tab or a line break) inside a string",
  "<unknown ParseErrorCode>": "not valid JSON",
};

/** 1-based line and column of an offset. */
export function lineColumn(text: string, offset: number): TextPosition {
  const end = Math.max(0, Math.min(offset, text.length));
  let line = 1;
  let lineStart = 0;
  for (let i = 0; i < end; i++) {
    if (text.charCodeAt(i) === 10) {
      line++;
      lineStart = i + 1;
    }
  }
  return { line, column: end - lineStart + 1 };
}

/**
 * Parses JSON, or JSONC (comments and trailing commas, as VS Code's files allow) when `comments` is set.
 * A leading byte order mark is skipped. Never throws.
 */
export function parseJsonText(text: string, opts: { comments?: boolean } = {}): JsonTextResult {
  const bom = text.charCodeAt(0) === 0xfeff ? 1 : 0;
  const source = bom ? text.slice(1) : text;
  const errors: ParseError[] = [];
  const tree = parseTree(source, errors, { disallowComments: !opts.comments, allowTrailingComma: Boolean(opts.comments), allowEmptyContent: false });
  if (errors.length > 0 || tree === undefined) {
    const first = errors[0] ?? { error: 4, offset: 0, length: 0 };
    const code = printParseErrorCode(first.error);
    const atEnd = first.offset >= source.length;
    const offset = first.offset + bom;
    return {
      ok: false,
      error: { code, offset, message: atEnd ? `${MESSAGES[code]} (the text ends here)` : MESSAGES[code], ...lineColumn(text, offset) },
    };
  }
  return {
    ok: true,
    value: valueOf(tree),
    positionOf: (path) => {
      const node = memberAt(tree, path);
      return node ? lineColumn(text, node.offset + bom) : undefined;
    },
  };
}

/** The value of a node. Built with Object.fromEntries, so a `__proto__` key is an own property, as JSON.parse makes it. */
function valueOf(node: Node): unknown {
  switch (node.type) {
    case "object":
      return Object.fromEntries((node.children ?? []).map((property) => [property.children![0].value as string, valueOf(property.children![1])]));
    case "array":
      return (node.children ?? []).map(valueOf);
    default:
      return node.value;
  }
}

/**
 * The node a path names: for an object member its property (so the position is its key), for an array
 * element the element. A key given twice resolves to its last occurrence, whose value JSON keeps.
 */
function memberAt(root: Node, path: JsonPath): Node | undefined {
  let node: Node | undefined = root;
  let member: Node | undefined = root;
  for (const segment of path) {
    if (!node) return undefined;
    if (node.type === "object" && typeof segment === "string") {
      member = node.children?.findLast((property) => property.children?.[0].value === segment);
      node = member?.children?.[1];
    } else if (node.type === "array" && /^\d+$/.test(String(segment))) {
      member = node.children?.[Number(segment)];
      node = member;
    } else {
      return undefined;
    }
  }
  return member;
}
