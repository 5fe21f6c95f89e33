import { expect, test } from "vitest";
import { suggestDecision } from "./suggest";

test.each([
  [{ readOnlyHint: true }, "allow", "readOnlyHint: true"],
  [{ readOnlyHint: true, destructiveHint: true }, "allow", "readOnlyHint: true"],
  [{ destructiveHint: true }, "ask", "destructiveHint: true"],
  [{ readOnlyHint: false, destructiveHint: false }, "ask", "not read-only (destructiveHint: false)"],
  [{ readOnlyHint: false }, "ask", "destructiveHint unset: may destroy"],
  [{ openWorldHint: false }, "ask", "destructiveHint unset: may destroy"],
  [{ title: "Read a file" }, "ask", "no annotations: nothing known"],
  [undefined, "ask", "no annotations: nothing known"],
])("annotations %j suggest %s", (annotations, decision, because) => {
  expect(suggestDecision({ annotations })).toEqual({ decision, because });
});
