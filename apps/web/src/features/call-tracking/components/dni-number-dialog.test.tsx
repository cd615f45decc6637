import { QueryClient, QueryClientProvider } from "@tanstack/react-query";
import { render, screen, waitFor } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { beforeAll, beforeEach, describe, expect, it, vi } from "vitest";
import { preloadDialog } from "@/components/ui/dialog";
import { DniNumberDialog } from "./dni-number-dialog";

const save = vi.fn();
vi.mock("../api", () => ({
  callTrackingKeys: { dniNumbers: ["call-tracking", "dni-numbers"] },
  saveDniNumber: (id: string | null, input: unknown) => save(id, input),
}));
vi.mock("@/lib/toast", () => ({ toast: { success: vi.fn(), error: vi.fn() } }));

// Radix's switch measures itself; jsdom has no ResizeObserver.
globalThis.ResizeObserver ??= class implements ResizeObserver {
  observe() {}
  unobserve() {}
  disconnect() {}
};

beforeEach(() => save.mockReset());

function renderDialog(number: Parameters<typeof DniNumberDialog>[0]["number"] = null) {
  render(
    <QueryClientProvider client={new QueryClient()}>
      <DniNumberDialog open onOpenChange={vi.fn()} number={number} />
    </QueryClientProvider>,
  );
}

// The dialog's radix part loads on its first open; here it is loaded, as on every later open.
beforeAll(() => preloadDialog());
describe("DniNumberDialog", () => {
  it("refuses what is no phone number, in words, before sending anything", async () => {
    renderDialog();
    await userEvent.type(screen.getByLabelText("Tracking number"), "abc");
    await userEvent.type(screen.getByLabelText("Static number (on your website)"), "1234 5678 9012 3456");
    await userEvent.click(screen.getByRole("button", { name: "Add Number" }));
    expect(await screen.findByText("Phone number must be at least 10 digits")).toBeInTheDocument();
    expect(screen.getByText("Enter a valid phone number, such as (555) 123-4567.")).toBeInTheDocument();
    expect(save).not.toHaveBeenCalled();
  });

  it("edits a stored E.164 number in the user's format", async () => {
    renderDialog({
      id: "n1",
      phoneNumber: "+17205550101",
      staticNumber: "+17205550100",
      source: "google",
      label: null,
      isDefault: false,
      createdAt: "2026-11-25T00:00:00.000Z",
    });
    await waitFor(() => expect(screen.getByLabelText("Tracking number")).toHaveValue("(720) 555-0101"));
    expect(screen.getByLabelText("Static number (on your website)")).toHaveValue("(720) 555-0100");
  });
});
