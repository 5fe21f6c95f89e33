import { describe, expect, test } from "vitest";
import { buildToolDetail } from "@/lib/server/page-index";
import { fixtureLists, stateOf } from "@/lib/server/page-state.test-util";
import { nameRows, splitSentDescription } from "./client-names";

const detail = (fleet: string, server: string, tool: string) => buildToolDetail(stateOf(fixtureLists(fleet)), "e", server, tool)!;

describe("nameRows", () => {
  test("a dotted name: sanitized by Claude Code and Codex, kept by the Agent SDK host", () => {
    const rows = nameRows(detail("demo", "wiki", "pages.get"));
    expect(rows.map((r) => [r.kind, r.name, r.ok])).toEqual([
      ["original", "pages.get", true],
      ["claude-code", "mcp__wiki__pages_get", false],
      ["claude-code@2.1.194", "mcp__wiki__pages_get", false],
      ["codex", "mcp__wiki__pages_get", false],
      ["agent-sdk", "pages_get", false],
    ]);
    expect(rows[1].note).toMatch(/made "_"/);
    expect(rows[1].limit).toBe(128);
    expect(rows[4].limit).toBe(64);
  });

  test("a tool Claude Code drops: no name, and why", () => {
    const row = nameRows(detail("demo", "docs", "get-library-docs")).find((r) => r.kind === "claude-code")!;
    expect(row).toMatchObject({ name: null, ok: false });
    expect(row.note).toMatch(/^not sent: .*get-library-docs/);
  });

  test("a plain name is sent as listed by every client", () => {
    const rows = nameRows(detail("demo", "tracker", "list_issues"));
    expect(rows.filter((r) => r.kind !== "original" && r.kind !== "agent-sdk").every((r) => r.ok)).toBe(true);
  });
});

describe("splitSentDescription", () => {
  test("Claude Code's cut: the part kept, the suffix, and how many characters the model never sees", () => {
    const d = detail("descriptions", "desc", "d5000");
    const sent = d.clients["claude-code"].verdict!.sent!;
    const split = splitSentDescription(sent.description, sent.cut);
    expect(split.suffix).toBe("\u2026 [truncated]");
    expect(split.kept.length).toBe(4096);
    expect(split.lost).toBe(sent.cut!.originalLength - 4096);
  });

  test.each([
    ["whole", null],
    ["no suffix at the end", { limit: 3, originalLength: 9, suffix: "…" }],
  ] as const)("%s: nothing is marked", (_name, cut) => {
    expect(splitSentDescription("abc", cut)).toEqual({ kept: "abc", suffix: "", lost: 0 });
  });
});
