import { act, render, screen } from "@testing-library/react";
import { afterEach, describe, expect, it, vi } from "vitest";
import { useShownOnce } from "./use-shown-once";

function Probe({ watch, force }: { watch: boolean; force?: boolean }) {
  const { ref, shown } = useShownOnce<HTMLDivElement>(watch, force);
  return <div ref={ref}>{shown ? "shown" : "waiting"}</div>;
}

/** A stand-in IntersectionObserver whose callback the test calls. */
function fakeObserver() {
  const observers: { callback: IntersectionObserverCallback; disconnected: boolean }[] = [];
  class FakeObserver {
    entry: { callback: IntersectionObserverCallback; disconnected: boolean };
    constructor(callback: IntersectionObserverCallback) {
      this.entry = { callback, disconnected: false };
      observers.push(this.entry);
    }
    observe() {}
    disconnect() {
      this.entry.disconnected = true;
    }
  }
  vi.stubGlobal("IntersectionObserver", FakeObserver);
  const report = (isIntersecting: boolean) =>
    act(() => {
      for (const o of observers.filter((x) => !x.disconnected))
        o.callback([{ isIntersecting } as IntersectionObserverEntry], {} as IntersectionObserver);
    });
  return { observers, report };
}

afterEach(() => vi.unstubAllGlobals());

describe("useShownOnce", () => {
  it("is true once the element comes into view, and stays true", async () => {
    const { observers, report } = fakeObserver();
    const { rerender } = render(<Probe watch />);
    expect(screen.getByText("waiting")).toBeTruthy();
    report(false);
    expect(screen.getByText("waiting")).toBeTruthy();
    report(true);
    expect(screen.getByText("shown")).toBeTruthy();
    expect(observers.every((o) => o.disconnected)).toBe(true);
    rerender(<Probe watch={false} />);
    expect(screen.getByText("shown")).toBeTruthy();
  });

  it("does not watch until asked to", () => {
    const { observers } = fakeObserver();
    const { rerender } = render(<Probe watch={false} />);
    expect(observers).toHaveLength(0);
    expect(screen.getByText("waiting")).toBeTruthy();
    rerender(<Probe watch />);
    expect(observers).toHaveLength(1);
  });

  it("is true at once when forced, watched or not", () => {
    fakeObserver();
    render(<Probe watch={false} force />);
    expect(screen.getByText("shown")).toBeTruthy();
  });

  it("is true at once without IntersectionObserver", () => {
    vi.stubGlobal("IntersectionObserver", undefined);
    render(<Probe watch />);
    expect(screen.getByText("shown")).toBeTruthy();
  });
});
