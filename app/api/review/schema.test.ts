import { expect, test } from "vitest";

import { ReviewBody } from "./schema";

test.each([
  [{ eventIds: [1, 2] }, true],
  [{ all: true }, true],
  [{ all: false }, false],
  [{ eventIds: [] }, false],
  [{ eventIds: [1], all: true }, false],
])("review body %j valid: %s", (body, valid) => {
  expect(ReviewBody.safeParse(body).success).toBe(valid);
});
