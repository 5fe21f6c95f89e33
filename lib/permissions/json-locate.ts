/**
 * Where a JSON text first goes wrong, as line and column, with a message that never quotes the text
 * (a settings file's `env` may hold secrets, and engines disagree on whether they report a position).
 */
export interface JsonSyntaxProblem {
  message: string;
  line: number;
  column: number;
}

export function locateJsonError(text: string): JsonSyntaxProblem | null {
  let i = 0;
  const fail = (what: string): never => {
    throw { at: i, what };
  };
  const ws = () => {
    while (i < text.length && " \t\r\n".includes(text[i])) i++;
  };
  const describe = () => (i >= text.length ? "end of file" : `"${text[i] === '"' ? '\\"' : text[i]}"`);
  const literal = (word: string) => {
    if (text.startsWith(word, i)) i += word.length;
    else fail(`unexpected ${describe()}`);
  };
  const string = () => {
    i++;
    while (i < text.length && text[i] !== '"') {
      if (text[i] === "\\") {
        i++;
        if (text[i] === "u") {
          if (!/^[0-9a-fA-F]{4}$/.test(text.slice(i + 1, i + 5))) fail("bad \\u escape in a string");
          i += 4;
        } else if (!'"\\/bfnrt'.includes(text[i] ?? "")) fail("bad escape in a string");
      } else if (text.charCodeAt(i) < 0x20) fail("a control character (such as a raw line break) inside a string");
      i++;
    }
    if (i >= text.length) fail("a string is not closed");
    i++;
  };
  const number = () => {
    const m = /^-?(0|[1-9]\d*)(\.\d+)?([eE][+-]?\d+)?/.exec(text.slice(i));
    if (!m || m[0] === "" || m[0] === "-") fail(`unexpected ${describe()}`);
    i += m![0].length;
  };
  const value = (): void => {
    ws();
    const c = text[i];
    if (c === "{") {
      i++;
      ws();
      if (text[i] === "}") return void i++;
      for (;;) {
        ws();
        if (text[i] !== '"') fail(`expected a property name in double quotes, found ${describe()}`);
        string();
        ws();
        if (text[i] !== ":") fail(`expected ":" after a property name, found ${describe()}`);
        i++;
        value();
        ws();
        if (text[i] === ",") {
          i++;
          continue;
        }
        if (text[i] === "}") return void i++;
        fail(`expected "," or "}" after a property value, found ${describe()}`);
      }
    }
    if (c === "[") {
      i++;
      ws();
      if (text[i] === "]") return void i++;
      for (;;) {
        value();
        ws();
        if (text[i] === ",") {
          i++;
          continue;
        }
        if (text[i] === "]") return void i++;
        fail(`expected "," or "]" after an array element, found ${describe()}`);
      }
    }
    if (c === '"') return string();
    if (c === "t") return literal("true");
    if (c === "f") return literal("false");
    if (c === "n") return literal("null");
    if (c === "-" || (c >= "0" && c <= "9")) return number();
    fail(`unexpected ${describe()}`);
  };
  try {
    if (text.charCodeAt(0) === 0xfeff) i = 1;
    value();
    ws();
    if (i < text.length) fail(`unexpected ${describe()} after the end of the JSON value`);
    return null;
  } catch (error) {
    const { at, what } = error as { at: number; what: string };
    const before = text.slice(0, at).split("\n");
    return { message: what, line: before.length, column: before[before.length - 1].length + 1 };
  }
}
