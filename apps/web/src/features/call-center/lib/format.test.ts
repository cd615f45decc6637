// @vitest-environment node
import { describe, expect, it } from "vitest";
import { formatDuration, isStaleCall, prettyXml, statusTone } from "./format";

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
  it("prints TwiML one element per line, indented, text kept", () => {
    const xml =
      '<?xml version="1.0" encoding="UTF-8"?><Response><Say voice="alice">Hi &amp; bye</Say><Dial action="/a?b=1&amp;c=2" timeout="20"><Number>+13035550001</Number></Dial><Hangup/></Response>';
    expect(prettyXml(xml)).toBe(
      [
        '<?xml version="1.0" encoding="UTF-8"?>',
        "<Response>",
        '  <Say voice="alice">Hi &amp; bye</Say>',
        '  <Dial action="/a?b=1&amp;c=2" timeout="20">',
        "    <Number>+13035550001</Number>",
        "  </Dial>",
        "  <Hangup/>",
        "</Response>",
      ].join("\n"),
    );
  });
});
