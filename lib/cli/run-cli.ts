/**
 * The CLI as a process, for the `mcp-fleet` bin and `npm run fleet`: stdout holds the answer and nothing
 * else, everything for the person goes to stderr, a closed pipe (`| head`) ends it quietly, and the
 * process exits as soon as the command is done (its servers already ended) rather than when the last
 * stray handle lets go.
 */
import { installNativeSha256 } from "@/lib/fleet/native-sha256";
import { main } from "./main";
import type { CliIO } from "./io";

/** A write to a pipe whose reader has gone: the reader has all it wanted; not an error. */
const GONE = new Set(["EPIPE", "ERR_STREAM_DESTROYED"]);
/** What is left of an exit code for "could not write the output" (sysexits EX_IOERR). */
const EXIT_IO_ERROR = 74;
const EXIT_SOFTWARE = 70;

interface Sink {
  write(line: string): void;
  flush(): Promise<void>;
  /** Set when writing failed for a reason other than a closed reader. */
  failure?: string;
}

function sink(stream: NodeJS.WriteStream): Sink {
  let open = true;
  const s: Sink = {
    write(line) {
      if (open) stream.write(`${line}\n`);
    },
    flush() {
      if (!open || stream.writableLength === 0) return Promise.resolve();
      return new Promise((resolve) => stream.write("", () => resolve()));
    },
  };
  stream.on("error", (error: NodeJS.ErrnoException) => {
    open = false;
    if (!GONE.has(error.code ?? "")) s.failure = error.code ?? error.message;
  });
  return s;
}

export interface CliProcess {
  /** Where the user ran the command: their paths start here, configs are looked for here. */
  cwd: string;
  /** The MCP Fleet checkout. */
  root: string;
}

/** Runs one command line and exits the process with its code. */
export async function runCli(argv: string[], where: CliProcess): Promise<void> {
  // A Node process: every hash a command computes (reconcile of saved lists, profiles, lock) is native.
  installNativeSha256();
  const stdout = sink(process.stdout);
  const stderr = sink(process.stderr);
  const io: CliIO = {
    out: stdout.write,
    err: stderr.write,
    cwd: where.cwd,
    root: where.root,
    // The demo fleet keeps its data in the checkout, not in the folder the command runs in.
    env: { ...process.env, MCP_FLEET_ROOT: where.root },
  };
  let code: number;
  try {
    code = await main(argv, io);
  } catch (error) {
    stderr.write(`mcp-fleet: unexpected error: ${error instanceof Error ? error.message : String(error)}`);
    code = EXIT_SOFTWARE;
  }
  await Promise.all([stdout.flush(), stderr.flush()]);
  if (stdout.failure) {
    stderr.write(`mcp-fleet: could not write the output (${stdout.failure})`);
    await stderr.flush();
    if (code === 0) code = EXIT_IO_ERROR;
  }
  process.exit(code);
}

// `npm run fleet -- ...` runs this file with tsx: npm moved to the checkout and says in INIT_CWD where the user was.
if (process.argv[1] && /lib[\\/]cli[\\/]run-cli\.ts$/.test(process.argv[1])) {
  void runCli(process.argv.slice(2), { cwd: process.env.INIT_CWD || process.cwd(), root: process.cwd() });
}
