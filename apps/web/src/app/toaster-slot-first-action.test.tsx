import { act, fireEvent, render, screen } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import { ThemeProvider } from "@/lib/theme/theme-provider";
import { ToasterSlot } from "./toaster-slot";

describe("ToasterSlot before any toast", () => {
  it("loads nothing while the page is only shown, and the toaster on the user's first key press", async () => {
    window.matchMedia ??= ((query: string) => ({
      matches: false,
      media: query,
      addEventListener: () => {},
      removeEventListener: () => {},
    })) as (query: string) => Partial<MediaQueryList> as typeof window.matchMedia;
    render(
      <ThemeProvider>
        <ToasterSlot />
      </ThemeProvider>,
    );
    await act(() => new Promise((r) => setTimeout(r, 100)));
    expect(screen.queryByRole("region", { name: /Notifications/ })).not.toBeInTheDocument();
    fireEvent.keyDown(window, { key: "Tab" });
    // Loading the toaster's modules is slow on a busy machine.
    expect(
      await screen.findByRole("region", { name: /Notifications/ }, { timeout: 10_000 }),
    ).toBeInTheDocument();
  });
});
