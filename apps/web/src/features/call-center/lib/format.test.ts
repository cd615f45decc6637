import { describe, expect, it } from "vitest";
import { formatDuration, isStaleCall, statusTone } from "./format";

describe("call center formatting", () => {
  it("shows durations as m:ss", () => {
    expect(formatDuration(0)).toBe("0:00");
    expect(formatDuration(65)).toBe("1:05");
    expect(formatDuration(null)).toBe("0:00");
    expect(formatDuration(3600)).toBe("60:00");
  });
  it("marks only in-progress calls older than 2 hours as stale", () => {
    const now = Date.parse("2026-11-23T12:00:00Z");
    expect(isStaleCall({ status: "in-progress", createdAt: "2026-11-23T09:59:00Z" }, now)).toBe(true);
    expect(isStaleCall({ status: "in-progress", createdAt: "2026-11-23T10:01:00Z" }, now)).toBe(false);
    expect(isStaleCall({ status: "completed", createdAt: "2026-11-23T01:00:00Z" }, now)).toBe(false);
  });
  it("groups statuses as 002 does", () => {
    expect(statusTone("ringing")).toBe("live");
    expect(statusTone("completed")).toBe("done");
    expect(statusTone("no-answer")).toBe("missed");
    expect(statusTone("received")).toBe("other");
  });
});
