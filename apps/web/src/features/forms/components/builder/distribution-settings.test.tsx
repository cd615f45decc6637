import type { TFormDistribution } from "@leadpost/shared";
import { QueryClient, QueryClientProvider } from "@tanstack/react-query";
import { render, screen, waitFor } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { beforeEach, describe, expect, it, vi } from "vitest";
import { DistributionSettings } from "./distribution-settings";

const load = vi.fn();
const save = vi.fn();
vi.mock("../../distribution-api", () => ({
  formDistributionKey: (formId: string) => ["forms", formId, "distribution"],
  fetchFormDistribution: () => load(),
  updateFormDistribution: (formId: string, body: unknown) => save(formId, body),
}));

const weighted: TFormDistribution = {
  formId: "f1",
  method: "weighted",
  buyers: [
    { buyerId: "a", name: "Alpha Roofing", position: 1, weight: 3, served: 0, share: 75 },
    { buyerId: "b", name: "Beta Roofing", position: 2, weight: 1, served: 0, share: 25 },
  ],
};
const buyers = [
  { id: "a", name: "Alpha Roofing", status: "active" as const, nicheId: null },
  { id: "b", name: "Beta Roofing", status: "active" as const, nicheId: null },
];

function renderSettings() {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  return render(
    <QueryClientProvider client={client}>
      <DistributionSettings formId="f1" buyers={buyers} />
    </QueryClientProvider>,
  );
}

beforeEach(() => {
  load.mockReset();
  save.mockReset();
});

describe("DistributionSettings", () => {
  it("shows each weight's share and saves the order moved from the keyboard", async () => {
    load.mockResolvedValue(weighted);
    save.mockImplementation(async () => weighted);
    renderSettings();
    expect(await screen.findByText("75%")).toBeTruthy();
    expect(screen.getByText("25%")).toBeTruthy();

    await userEvent.clear(screen.getByLabelText("Weight of Beta Roofing"));
    await userEvent.type(screen.getByLabelText("Weight of Beta Roofing"), "3");
    expect(screen.getAllByText("50%")).toHaveLength(2);

    screen.getByRole("button", { name: "Move Beta Roofing up" }).focus();
    await userEvent.keyboard("{Enter}");
    const items = screen.getAllByRole("listitem").map((li) => li.textContent);
    expect(items[0]).toContain("Beta Roofing");
    expect(screen.getByRole("button", { name: "Move Beta Roofing up" })).toHaveProperty("disabled", true);

    await userEvent.click(screen.getByRole("button", { name: "Remove Alpha Roofing" }));
    await userEvent.click(screen.getByRole("button", { name: "Save distribution" }));
    await waitFor(() => expect(save).toHaveBeenCalled());
    expect(save).toHaveBeenCalledWith("f1", { method: "weighted", buyers: [{ buyerId: "b", weight: 3 }] });
  });

  it("shows the load failure with a retry", async () => {
    load.mockRejectedValue(new Error("The server is unavailable"));
    renderSettings();
    expect(await screen.findByText("Could not load the distribution")).toBeTruthy();
    expect(screen.getByText("The server is unavailable")).toBeTruthy();
  });
});
