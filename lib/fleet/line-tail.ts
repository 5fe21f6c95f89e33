/**
 * The last lines a server wrote to stderr, with every known secret value masked before it is kept, so it can be shown anywhere.
 */
import "server-only";

const MAX_LINE = 2_000;

export class LineTail {
  private readonly lines: string[] = [];
  private partial = "";

  constructor(
    private readonly maxLines = 50,
    private readonly scrub: (text: string) => string = (text) => text,
  ) {}

  push(chunk: string | Buffer): void {
    const text = this.partial + String(chunk);
    const parts = text.split(/\r?\n/);
    this.partial = parts.pop() ?? "";
    // A process that never writes a newline must not grow the buffer without bound.
    if (this.partial.length > MAX_LINE) {
      parts.push(this.partial);
      this.partial = "";
    }
    for (const line of parts) this.add(line);
  }

  /** The kept lines, plus the unterminated last line if there is one. */
  get(): string[] {
    const tail = this.partial ? [...this.lines, this.scrub(cut(this.partial))] : [...this.lines];
    return tail.slice(-this.maxLines);
  }

  private add(line: string): void {
    this.lines.push(this.scrub(cut(line)));
    if (this.lines.length > this.maxLines) this.lines.splice(0, this.lines.length - this.maxLines);
  }
}

function cut(line: string): string {
  return line.length > MAX_LINE ? `${line.slice(0, MAX_LINE)}…` : line;
}

/** Masks every occurrence of the given secret values (env and header values) in a text. */
export function secretScrubber(secrets: Iterable<string>): (text: string) => string {
  // Short values ("1", "true") would mask ordinary words and hide nothing worth hiding.
  const values = [...new Set([...secrets].filter((value) => value.length >= 6))].sort((a, b) => b.length - a.length);
  if (values.length === 0) return (text) => text;
  return (text) => {
    let out = text;
    for (const value of values) out = out.split(value).join("••••");
    return out;
  };
}
