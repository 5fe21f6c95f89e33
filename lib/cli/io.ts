/**
 * What a command may touch of the terminal, so tests can run commands in-process and read the output.
 */
import path from "node:path";

export interface CliIO {
  /** One line of the answer (stdout: nothing else goes there, so `--json` output is clean). */
  out(line: string): void;
  /** One line for the person (stderr): findings, warnings, what was read. */
  err(line: string): void;
  /** Where the user ran the command: every path they give is taken from here, and configs are looked for here. */
  cwd: string;
  /** The MCP Fleet checkout (the demo fleet lives in it); defaults to `cwd`. */
  root?: string;
  env: Record<string, string | undefined>;
}

/** Thrown for a user error at the boundary: printed as one line, never a stack trace. */
export class CliError extends Error {
  constructor(
    message: string,
    readonly exitCode = 2,
  ) {
    super(message);
    this.name = "CliError";
  }
}

export type Command = (args: string[], io: CliIO) => Promise<number>;

/**
 * A path the user typed (`--config`, `--write`, `--tools`), taken from the folder they ran the command
 * in; a leading `~` (which a shell leaves alone in `--write=~/x`) is their home folder.
 */
export function resolveUserPath(file: string, io: Pick<CliIO, "cwd" | "env">): string {
  const home = io.env.HOME;
  if (home && (file === "~" || file.startsWith("~/"))) return path.join(home, file.slice(1));
  return path.resolve(io.cwd, file);
}
