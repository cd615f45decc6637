import { QueryClient, QueryClientProvider } from "@tanstack/react-query";
import { render, screen } from "@testing-library/react";
import { MemoryRouter } from "react-router";
import { describe, expect, it } from "vitest";
import { displayPreferencesKey } from "@/lib/preferences/use-display-format";
import { GERMANY_IN_PARIS } from "@/test/fixtures";
import { StatCards } from "./dashboard-cards";

const stats = { fullAccessLeads: 1_234, availablePreviews: 1_000, morePreviews: true, credits: 12_500 };

function renderWith(prefs?: typeof GERMANY_IN_PARIS) {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false, staleTime: Infinity } } });
  // What the display preferences call answered (no workspace in a test: the owner's key).
  if (prefs) client.setQueryData([...displayPreferencesKey, "owner"], prefs);
  render(
    <QueryClientProvider client={client}>
      <MemoryRouter>
        <StatCards stats={stats} />
      </MemoryRouter>
    </QueryClientProvider>,
  );
}

describe("StatCards", () => {
  it("groups the buyer's figures the way of the selling company's country (003 §2.8)", () => {
    renderWith(GERMANY_IN_PARIS);
    expect(screen.getByTestId("stat-Full Access Leads")).toHaveTextContent("1.234");
    expect(screen.getByTestId("stat-Available Previews")).toHaveTextContent("1.000+");
    expect(screen.getByTestId("stat-Organization Credits")).toHaveTextContent("12.500");
  });

  it("groups them the US way by default", () => {
    renderWith();
    expect(screen.getByTestId("stat-Full Access Leads")).toHaveTextContent("1,234");
    expect(screen.getByTestId("stat-Organization Credits")).toHaveTextContent("12,500");
  });
});
