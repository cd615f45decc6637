import { fireEvent, render, screen } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import { ThemeProvider } from "@/lib/theme/theme-provider";
import { isToasterRequested } from "@/lib/toast";
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
    // Drawn, with its effects run: the slot has not asked for the toaster, so nothing loads.
    expect(isToasterRequested()).toBe(false);
    expect(screen.queryByRole("region", { name: /Notifications/ })).not.toBeInTheDocument();
    fireEvent.keyDown(window, { key: "Tab" });
    // Loading the toaster's modules is slow on a busy machine.
    expect(
      await screen.findByRole("region", { name: /Notifications/ }, { timeout: 10_000 }),
    ).toBeInTheDocument();
  });
});
