/**
 * Reads a server's whole tool list, page by page, leniently (docs/fleet-snapshot.md, rule 6; docs/platform.md):
 * the SDK's `listTools()` rejects a whole page for one tool without `type: "object"`, so the raw
 * `tools/list` request is parsed here and every tool is kept exactly as it came, for the reconciler to judge.
 */
import "server-only";
import { z } from "zod";
import type { Client } from "@modelcontextprotocol/sdk/client/index.js";
import { describeRequestError } from "./describe-error";

/** A runaway server (a fresh cursor forever) must not keep us listing. */
export const MAX_PAGES = 1_000;

export interface ListedTools {
  tools: unknown[];
  pages: number;
}

/** A tool list that could not be read, in words naming the page. */
export class ToolListError extends Error {
  constructor(message: string) {
    super(message);
    this.name = "ToolListError";
  }
}

const AnyResult = z.unknown();

export async function listAllTools(
  client: Pick<Client, "request">,
  opts: { timeoutMs: number; maxPages?: number },
): Promise<ListedTools> {
  const maxPages = opts.maxPages ?? MAX_PAGES;
  const tools: unknown[] = [];
  const seen = new Set<string>();
  let cursor: string | undefined;
  for (let page = 1; ; page++) {
    if (page > maxPages) throw new ToolListError(`tools/list went on for more than ${maxPages} pages; stopped reading`);
    let result: unknown;
    try {
      result = await client.request({ method: "tools/list", params: cursor === undefined ? {} : { cursor } }, AnyResult, {
        timeout: opts.timeoutMs,
      });
    } catch (error) {
      throw new ToolListError(`tools/list page ${page} ${describeRequestError(error, opts.timeoutMs)}`);
    }
    if (typeof result !== "object" || result === null || Array.isArray(result)) {
      throw new ToolListError(`tools/list page ${page}: the result is not an object`);
    }
    const { tools: pageTools, nextCursor } = result as { tools?: unknown; nextCursor?: unknown };
    if (!Array.isArray(pageTools)) {
      throw new ToolListError(`tools/list page ${page}: the result has no "tools" array`);
    }
    tools.push(...pageTools);
    // The spec: a missing nextCursor ends the list. null and "" are read the same way, leniently.
    if (nextCursor === undefined || nextCursor === null || nextCursor === "") return { tools, pages: page };
    if (typeof nextCursor !== "string") {
      throw new ToolListError(`tools/list page ${page}: nextCursor is a ${typeof nextCursor}, not a string`);
    }
    if (seen.has(nextCursor)) {
      throw new ToolListError(`tools/list page ${page}: the server sent cursor ${JSON.stringify(cut(nextCursor))} again (a cursor loop)`);
    }
    seen.add(nextCursor);
    cursor = nextCursor;
  }
}

function cut(text: string): string {
  return text.length > 60 ? `${text.slice(0, 60)}…` : text;
}
