import { act, render, screen } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import { ThemeProvider } from "@/lib/theme/theme-provider";
import { toast } from "@/lib/toast";
import { ToasterSlot } from "./toaster-slot";

describe("ToasterSlot", () => {
  it("loads the toaster on the first toast and shows that toast, then later ones", async () => {
    window.matchMedia ??= (query: string): MediaQueryList => ({
      matches: false,
      media: query,
      onchange: null,
      addListener: () => {},
      removeListener: () => {},
      addEventListener: () => {},
      removeEventListener: () => {},
      dispatchEvent: () => false,
    });
    render(
      <ThemeProvider>
        <ToasterSlot />
      </ThemeProvider>,
    );
    expect(screen.queryByRole("region", { name: /Notifications/ })).not.toBeInTheDocument();
    act(() => toast.success("Form saved"));
    // The first toast loads the toaster's modules: slow on a busy machine.
    expect(await screen.findByText("Form saved", {}, { timeout: 10_000 })).toBeInTheDocument();
    act(() => toast.error("Could not delete the buyer", { description: "Try again." }));
    expect(await screen.findByText("Could not delete the buyer")).toBeInTheDocument();
    expect(screen.getByText("Try again.")).toBeInTheDocument();
    // One error at a time: the next error replaces the one on screen instead of stacking over the page.
    act(() => toast.error("Failed to save settings"));
    expect(await screen.findByText("Failed to save settings")).toBeInTheDocument();
    expect(screen.queryByText("Could not delete the buyer")).not.toBeInTheDocument();
    act(() => toast.error("Failed to save settings"));
    // Toasts are shown in the order asked: once a later one is on screen, the repeat was handled.
    act(() => toast.info("Settings reloaded"));
    expect(await screen.findByText("Settings reloaded")).toBeInTheDocument();
    expect(screen.getAllByText("Failed to save settings")).toHaveLength(1);
    expect(screen.getByText("Form saved")).toBeInTheDocument();
  });
});
