/**
 * `mcp-fleet bundle [--config F ...] [--profile P] --out DIR [--force] [--timeout MS] [--json]`: writes
 * DIR/index.ts, the Agent SDK bundle of the live fleet (docs/bundle.md): the tools array, the alias maps,
 * the full-name hint, the fleet hash, the servers (secrets as `${VAR}` references) and a dispatcher, for
 * a host built on @anthropic-ai/sdk. A file there that this command did not write is never replaced
 * without --force; --out is checked before any server starts. --json prints what was written.
 */
import { closeSync, mkdirSync, openSync, readSync, renameSync, rmSync, statSync, writeFileSync } from "node:fs";
import path from "node:path";

import { BUNDLE_FILE_NAME, BUNDLE_MARKER } from "@/lib/bundle";
import { makeBundle } from "@/lib/server/bundle";
import { count } from "@/lib/text/count";
import { parseFlags } from "../flags";
import { CliError, resolveUserPath, type CliIO, type Command } from "../io";
import { asCliErrors, loadLiveFleet } from "../live-fleet";

export const usage = [
  "usage: mcp-fleet bundle [--config <file> ...] [--profile <name>] --out <dir> [--force] [--timeout <ms>] [--json]",
  "",
  "  --out    the folder to write index.ts into (made if missing)",
  "  --force  replace an index.ts there that mcp-fleet bundle did not write",
].join("\n");

function relative(io: CliIO, file: string): string {
  const rel = path.relative(io.cwd, file);
  return rel && !rel.startsWith("..") && !path.isAbsolute(rel) ? rel : file;
}

/** Why a path cannot be used, in words. */
function reason(error: unknown): string {
  const code = (error as NodeJS.ErrnoException).code;
  if (code === "ENOTDIR" || code === "EEXIST") return "a part of that path is a file";
  if (code === "EACCES" || code === "EPERM") return "permission denied";
  if (code === "EROFS") return "the file system is read-only";
  return (error as Error).message;
}

function firstLine(file: string): string {
  const fd = openSync(file, "r");
  try {
    const buffer = Buffer.alloc(BUNDLE_MARKER.length + 2);
    const read = readSync(fd, buffer, 0, buffer.length, 0);
    return buffer.subarray(0, read).toString("utf8").split(/\r?\n/)[0];
  } finally {
    closeSync(fd);
  }
}

/** DIR/index.ts, after checking that writing there is allowed: DIR is a folder (or absent), index.ts is ours or --force. */
function targetOf(out: string, force: boolean, io: CliIO): { dir: string; file: string } {
  const dir = resolveUserPath(out, io);
  const file = path.join(dir, BUNDLE_FILE_NAME);
  const stat = (p: string) => {
    try {
      return statSync(p);
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code === "ENOENT") return null;
      throw new CliError(`--out ${out}: cannot use ${p} (${reason(error)})`);
    }
  };
  const dirStat = stat(dir);
  if (dirStat && !dirStat.isDirectory()) throw new CliError(`--out ${out}: ${dir} is a file, not a folder`);
  const fileStat = dirStat ? stat(file) : null;
  if (fileStat?.isDirectory()) throw new CliError(`--out ${out}: ${file} is a folder; the bundle is written as ${BUNDLE_FILE_NAME}`);
  if (fileStat && !force) {
    let line: string;
    try {
      line = firstLine(file);
    } catch (error) {
      throw new CliError(`--out ${out}: cannot read ${file} (${reason(error)})`);
    }
    if (line !== BUNDLE_MARKER) throw new CliError(`--out ${out}: ${file} exists and was not written by mcp-fleet bundle; pass --force to replace it`);
  }
  return { dir, file };
}

/** Written whole or not at all: a temp file beside it, then a rename. */
function writeBundle(out: string, dir: string, file: string, text: string): void {
  try {
    mkdirSync(dir, { recursive: true });
  } catch (error) {
    throw new CliError(`--out ${out}: cannot make the folder ${dir} (${reason(error)})`);
  }
  const temp = path.join(dir, `.${BUNDLE_FILE_NAME}.${process.pid}.tmp`);
  try {
    writeFileSync(temp, text);
    renameSync(temp, file);
  } catch (error) {
    rmSync(temp, { force: true });
    throw new CliError(`--out ${out}: cannot write ${file} (${reason(error)})`);
  }
}

export const run: Command = (args, io) =>
  asCliErrors(async () => {
    const flags = parseFlags(args, ["config", "profile", "timeout", "json", "out", "force"]);
    if (!flags.out) throw new CliError("--out <dir> is required: the folder to write index.ts into");
    const out = flags.out;
    const { dir, file } = targetOf(out, flags.force, io);
    const fleet = await loadLiveFleet(flags, io);
    const bundle = await fleet.observe((_state, toolLists) => makeBundle({ configs: fleet.loaded.servers, toolLists, profile: fleet.profile }));
    writeBundle(out, dir, file, bundle.text);
    for (const warning of bundle.warnings) io.err(`warning: ${warning}`);
    if (flags.json) {
      const { text: _text, ...summary } = bundle;
      io.out(JSON.stringify({ file, ...summary }, null, 2));
      return 0;
    }
    const servers = bundle.servers.length ? ` (${bundle.servers.join(", ")})` : "";
    io.out(`bundle ${bundle.fleetHash.slice(0, 16)}: ${count(bundle.tools.length, "tool")} from ${count(bundle.servers.length, "server")}${servers}${bundle.profile ? `, profile ${bundle.profile}` : ""}`);
    io.out(`wrote ${relative(io, file)}`);
    if (bundle.variables.length) io.out(`set in the environment where the host runs: ${bundle.variables.join(", ")}`);
    return 0;
  });
