import { expect, test } from "vitest";
import { profileOf, withProfile } from "./profile-href";

test.each([
  ["/tools", "review", "/tools?profile=review"],
  ["/tools", null, "/tools"],
  ["/", "docs", "/?profile=docs"],
  ["/cost?client=codex", "docs", "/cost?client=codex&profile=docs"],
  ["/cost?profile=old&client=codex", "new", "/cost?profile=new&client=codex"],
  ["/cost?profile=old&client=codex", null, "/cost?client=codex"],
  ["/tools#top", "review", "/tools?profile=review#top"],
  ["/tools?q=a#top", null, "/tools?q=a#top"],
  ["/cost", "a_b-1", "/cost?profile=a_b-1"],
])("withProfile(%s, %s) is %s", (href, profile, expected) => {
  expect(withProfile(href, profile)).toBe(expected);
});

test.each([
  ["", null],
  ["?profile=review", "review"],
  ["?profile=", null],
  ["?profile=%20", null],
  ["?client=codex", null],
  ["?profile=nope&profile=other", "nope"],
])("profileOf(%s) is %s", (query, expected) => {
  expect(profileOf(new URLSearchParams(query))).toBe(expected);
});
