import { describe, expect, it } from "vitest";
import { stripControlCharacters } from "./spoken-text";

describe("stripControlCharacters", () => {
  it("drops the characters XML cannot carry and keeps the rest", () => {
    expect(stripControlCharacters("Hi\u0007 there\u000b, we're\tout\n")).toBe("Hi there, we're\tout\n");
    expect(stripControlCharacters("caf\u00e9 \ud83d\ude00 \ud800x")).toBe("caf\u00e9 \ud83d\ude00 x");
  });
});
