import type { TLeadSummary } from "@leadpost/shared";
import { QueryClient, QueryClientProvider } from "@tanstack/react-query";
import { render, screen } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { MemoryRouter } from "react-router";
import { describe, expect, it, vi } from "vitest";
import { LeadsPage } from "./leads-page";

const sheet = vi.hoisted(() => ({ loaded: false }));
vi.mock("./lead-detail-sheet", () => {
  sheet.loaded = true;
  return {
    LeadDetailSheet: ({ leadId }: { leadId: string | null }) =>
      leadId ? (
        <div role="dialog" aria-label="Lead detail">
          {leadId}
        </div>
      ) : null,
  };
});
vi.mock("./leads-filters", () => ({ LeadsFilters: () => null }));
vi.mock("@/lib/preferences/use-display-format", async () => {
  const { formatCount } = await import("@/lib/utils");
  return {
    useDisplayFormat: () => ({ dateTime: (iso: string) => iso, count: formatCount, locale: "en-US" }),
  };
});

const lead = {
  id: "lead-1",
  name: "Ada Lovelace",
  email: "ada@example.test",
  phone: "+15555550100",
  hiddenContact: [],
  serviceType: "Roofing",
  form: null,
  status: "new",
  isTest: false,
  isDuplicate: false,
  city: null,
  state: null,
  zipCode: null,
  createdAt: "2026-11-26T00:00:00.000Z",
} as Partial<TLeadSummary> as TLeadSummary;

vi.mock("../api", async (original) => ({
  ...(await original<typeof import("../api")>()),
  fetchLeads: async () => ({ leads: [lead], page: 1, pageSize: 25, total: 1, estimatedCounts: [] }),
}));

function renderPage() {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  render(
    <QueryClientProvider client={client}>
      <MemoryRouter initialEntries={["/dashboard/leads"]}>
        <LeadsPage />
      </MemoryRouter>
    </QueryClientProvider>,
  );
  return userEvent.setup();
}

describe("LeadsPage", () => {
  // The sheet's module is mocked, so `loaded` says when it was first imported: a static import would have
  // loaded it with this file.
  it("loads the detail sheet only when a lead is opened", async () => {
    const user = renderPage();
    const open = await screen.findByRole("button", { name: "Ada Lovelace" });
    expect(sheet.loaded).toBe(false);
    expect(screen.queryByRole("dialog")).not.toBeInTheDocument();
    await user.click(open);
    expect(await screen.findByRole("dialog", { name: "Lead detail" })).toHaveTextContent("lead-1");
    expect(sheet.loaded).toBe(true);
  });
});
