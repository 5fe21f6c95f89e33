import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { expect, test } from "vitest";
import { renderReport } from "./report";
import { fixtureSnapshot } from "./snapshot-fixture.test-util";
import { HistoryStore } from "./store";

test("the weekly review as Markdown: counts, changes by server, collisions now, excluded tools", () => {
  const dir = mkdtempSync(path.join(tmpdir(), "fleet-report-"));
  let minute = 0;
  const store = HistoryStore.open(dir, { now: () => new Date(Date.UTC(2026, 10, 23, 9) + minute++ * 60_000) });
  try {
    store.record(fixtureSnapshot({ github: [{ name: "search" }, { name: "old_name" }], docs: [{ name: "read" }] }));
    const live = fixtureSnapshot({
      github: [{ name: "search" }, { name: "new_name" }],
      docs: [{ name: "read", description: "Read | a page" }, { name: "search" }, { name: "bad", excluded: "property name `a b` breaks ^[a-zA-Z0-9_.-]{1,64}$" }],
    });
    store.record(live);
    const review = store.review();
    const text = renderReport({ generatedAt: "2026-11-30T05:00:00.000Z", since: review.lastReviewedAt, events: review.events, snapshot: live });
    expect(text.replace(/`[0-9a-f]{16}`|[0-9a-f]{16}/g, "<h>")).toMatchInlineSnapshot(`
      "# MCP Fleet review, 2026-11-30

      Since history began, not yet reviewed: **8** changes on **2** servers.

      Fleet now: 2/2 servers ready, 4 tools exposed, 1 collision group, 1 excluded. Fleet hash <h>.

      | change | count |
      |---|---:|
      | tool added | 2 |
      | probably renamed | 1 |
      | description changed | 2 |
      | collision appeared | 2 |
      | newly excluded | 1 |

      ## Changes by server

      ### \`docs\`

      - tool added: \`bad\` · 2026-11-23 09:01 UTC
      - newly excluded: \`bad\` · 2026-11-23 09:01 UTC
      - description changed: \`read\` (<h> → <h>) · 2026-11-23 09:01 UTC
      - tool added: \`search\` · 2026-11-23 09:01 UTC
      - collision appeared: \`search\` (with \`github\`) · 2026-11-23 09:01 UTC

      ### \`github\`

      - probably renamed: \`new_name\` (was \`old_name\`) · 2026-11-23 09:01 UTC
      - description changed: \`new_name\` (<h> → <h>) · 2026-11-23 09:01 UTC
      - collision appeared: \`search\` (with \`docs\`) · 2026-11-23 09:01 UTC

      ## Collisions now

      | tool | kind | servers (exposed as) |
      |---|---|---|
      | \`search\` | identical | github (github__search), docs (docs__search) |

      ## Excluded tools

      | server | tool | why |
      |---|---|---|
      | docs | \`bad\` | property name \`a b\` breaks ^[a-zA-Z0-9_.-]{1,64}$ |
      "
    `);
  } finally {
    store.close();
    rmSync(dir, { recursive: true, force: true });
  }
});
