import type { TBuyerDistribution } from "@leadpost/shared";
import { QueryClient, QueryClientProvider } from "@tanstack/react-query";
import { render, screen, waitFor } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { beforeEach, describe, expect, it, vi } from "vitest";
import { BuyerDistributionSection } from "./buyer-distribution-section";

const load = vi.fn();
const save = vi.fn();
vi.mock("../distribution-api", () => ({
  buyerDistributionKey: (buyerId: string) => ["buyers", buyerId, "distribution"],
  fetchBuyerDistribution: () => load(),
  updateBuyerDistribution: (buyerId: string, body: unknown) => save(buyerId, body),
}));

const stored: TBuyerDistribution = {
  buyerId: "b1",
  bids: [{ nicheId: "n1", nicheName: "Roofing", credits: 45 }],
  leadFilters: [
    { fieldId: "f-service", operator: "one_of", values: ["Roof repair"] },
    { fieldId: "f-city", operator: "is_not", values: ["Aurora", "Golden"] },
  ],
  fields: [
    { fieldId: "f-service", label: "Service needed", options: ["Roof repair", "Full replacement"] },
    { fieldId: "f-city", label: "City", options: [] },
  ],
  niches: [
    { id: "n1", name: "Roofing" },
    { id: "n2", name: "HVAC" },
  ],
};

function renderSection() {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  return render(
    <QueryClientProvider client={client}>
      <BuyerDistributionSection buyerId="b1" />
    </QueryClientProvider>,
  );
}

beforeEach(() => {
  load.mockReset();
  save.mockReset();
});

describe("BuyerDistributionSection", () => {
  it("edits bids and filters and saves choices and free-text answers", async () => {
    load.mockResolvedValue(stored);
    save.mockImplementation(async () => stored);
    renderSection();
    expect(await screen.findByLabelText("Roofing")).toHaveProperty("value", "45");
    expect(screen.getByLabelText("Filter 2 answers")).toHaveProperty("value", "Aurora, Golden");

    await userEvent.type(screen.getByLabelText("HVAC"), "30");
    await userEvent.clear(screen.getByLabelText("Roofing"));
    await userEvent.click(screen.getByRole("checkbox", { name: "Full replacement" }));
    await userEvent.type(screen.getByLabelText("Filter 2 answers"), ", Boulder");
    await userEvent.click(screen.getByRole("button", { name: "Save bids and filters" }));
    await waitFor(() => expect(save).toHaveBeenCalled());
    expect(save).toHaveBeenCalledWith("b1", {
      bids: [{ nicheId: "n2", credits: 30 }],
      leadFilters: [
        { fieldId: "f-service", operator: "one_of", values: ["Roof repair", "Full replacement"] },
        { fieldId: "f-city", operator: "is_not", values: ["Aurora", "Golden", "Boulder"] },
      ],
    });
  });

  it("removes a filter before saving", async () => {
    load.mockResolvedValue(stored);
    save.mockImplementation(async () => stored);
    renderSection();
    await userEvent.click(await screen.findByRole("button", { name: "Remove filter 1" }));
    await userEvent.click(screen.getByRole("button", { name: "Save bids and filters" }));
    await waitFor(() => expect(save).toHaveBeenCalled());
    expect(save.mock.calls[0]?.[1].leadFilters).toEqual([
      { fieldId: "f-city", operator: "is_not", values: ["Aurora", "Golden"] },
    ]);
  });
});
