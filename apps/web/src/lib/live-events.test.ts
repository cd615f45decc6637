// @vitest-environment node
import { afterEach, describe, expect, it, vi } from "vitest";
import { openLiveEvents } from "./live-events";

class FakeEventSource {
  static last: FakeEventSource | null = null;
  listeners = new Map<string, ((e: { data?: string }) => void)[]>();
  closed = false;
  constructor(readonly url: string) {
    FakeEventSource.last = this;
  }
  addEventListener(name: string, fn: (e: { data?: string }) => void) {
    this.listeners.set(name, [...(this.listeners.get(name) ?? []), fn]);
  }
  emit(name: string, data?: string) {
    for (const fn of this.listeners.get(name) ?? []) fn({ data });
  }
  close() {
    this.closed = true;
  }
}

const company = "6f1c2b1e-8d2f-4a47-9a51-2a7c1f0e9b11";
const buyer = "0d6a3c52-61c8-4c8e-bb4a-7d7b3f3d2e90";

describe("openLiveEvents", () => {
  afterEach(() => vi.unstubAllGlobals());

  it("hands each channel its checked payload, drops what is not one, and reloads after a drop", () => {
    vi.stubGlobal("EventSource", FakeEventSource);
    const created = vi.fn();
    const reconnect = vi.fn();
    const close = openLiveEvents({ buyer_lead_created: created }, reconnect);
    const source = FakeEventSource.last!;
    expect(source.url).toBe("/api/events");

    source.emit("ready", "{}");
    source.emit(
      "buyer_lead_created",
      JSON.stringify({ companyId: company, buyerId: buyer, isPreview: true }),
    );
    source.emit("buyer_lead_created", "not json");
    source.emit("buyer_lead_created", JSON.stringify({ companyId: "company-1" }));
    expect(created).toHaveBeenCalledTimes(1);
    expect(created).toHaveBeenCalledWith({ companyId: company, buyerId: buyer, isPreview: true });
    expect(reconnect).not.toHaveBeenCalled();

    source.emit("error");
    source.emit("ready", "{}");
    expect(reconnect).toHaveBeenCalledTimes(1);
    close();
    expect(source.closed).toBe(true);
  });

  it("does nothing where the browser has no EventSource", () => {
    vi.stubGlobal("EventSource", undefined);
    expect(() => openLiveEvents({ call_updated: () => {} })()).not.toThrow();
  });
});
