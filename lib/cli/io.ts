/**
 * What a command may touch of the terminal, so tests can run commands in-process and read the output.
 */
export interface CliIO {
  out(line: string): void;
  err(line: string): void;
  /** Where the user typed the command: relative paths start here (`npm run` moves to the package folder). */
  cwd: string;
  /** The MCP Fleet folder (the demo fleet lives in it); defaults to `cwd`. */
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

export function processIO(): CliIO {
  return {
    out: (line) => process.stdout.write(line + "\n"),
    err: (line) => process.stderr.write(line + "\n"),
    cwd: process.env.INIT_CWD || process.cwd(),
    root: process.cwd(),
    env: process.env,
  };
}
