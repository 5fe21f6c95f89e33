import { describe, expect, test } from "vitest";
import { LineTail, secretScrubber } from "./line-tail";

describe("LineTail", () => {
  test("keeps the last lines across chunk boundaries, the unterminated one included", () => {
    const tail = new LineTail(3);
    tail.push("one\ntw");
    tail.push("o\r\nthree\nfour\nfi");
    expect(tail.get()).toEqual(["three", "four", "fi"]);
    tail.push("ve\n");
    expect(tail.get()).toEqual(["three", "four", "five"]);
  });

  test("a process that never writes a newline cannot grow it without bound", () => {
    const tail = new LineTail(2);
    for (let i = 0; i < 10; i++) tail.push("x".repeat(1_000));
    expect(tail.get().every((line) => line.length <= 2_001)).toBe(true);
    expect(tail.get()).toHaveLength(2);
  });

  test("masks secrets before keeping a line", () => {
    const tail = new LineTail(5, secretScrubber(["tok-123456"]));
    tail.push("auth with tok-123456 failed\n");
    expect(tail.get()).toEqual(["auth with •••• failed"]);
  });
});

describe("secretScrubber", () => {
  test.each([
    [["abcdef123"], "key=abcdef123;", "key=••••;"],
    [["abcdef123", "abcdef123456"], "abcdef123456 abcdef123", "•••• ••••"],
    [["12345"], "port 12345", "port 12345"], // too short to be a secret worth hiding, and would mask ordinary words
    [[], "nothing to hide", "nothing to hide"],
  ])("%j: %s -> %s", (secrets, text, expected) => {
    expect(secretScrubber(secrets)(text)).toBe(expected);
  });
});
