import type { TWhoami } from "@leadpost/shared";
import { QueryClient, QueryClientProvider } from "@tanstack/react-query";
import { act, fireEvent, render, screen } from "@testing-library/react";
import { MemoryRouter } from "react-router";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { companyStatusQueryKey } from "@/lib/queries/company-status";
import { SessionContext } from "@/lib/session/session-context";
import { makeBuyer, makeCompanyUser } from "@/test/fixtures";
import { TrialBanner } from "./trial-banner";

const DAY = 24 * 60 * 60 * 1000;
let fetchMock: ReturnType<typeof vi.fn>;

function status(daysAhead: number, over: Record<string, unknown> = {}) {
  return {
    companyId: "00000000-0000-4000-8000-000000000001",
    name: "Acme Roofing",
    subscriptionTier: "free",
    trialExpiresAt: new Date(Date.now() + daysAhead * DAY - 60_000).toISOString(),
    isTrialExempt: false,
    setupComplete: false,
    setupMissing: [],
    ...over,
  };
}

function renderBanner(user: TWhoami) {
  const session = {
    status: "authenticated" as const,
    user,
    error: null,
    refresh: async () => user,
    clear() {},
    retryBootstrap() {},
  };
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  const view = render(
    <QueryClientProvider client={client}>
      <MemoryRouter>
        <SessionContext.Provider value={session}>
          <TrialBanner />
        </SessionContext.Provider>
      </MemoryRouter>
    </QueryClientProvider>,
  );
  return { ...view, client };
}

/**
 * The company's status has been answered and the banner has drawn it: the query tells its observers
 * a task after the answer (TanStack Query's notifyManager), so one task later the banner has it.
 */
async function answered(client: QueryClient) {
  await vi.waitFor(() => expect(client.getQueryState(companyStatusQueryKey)?.status).toBe("success"));
  await act(() => new Promise((r) => setTimeout(r, 0)));
}

beforeEach(() => {
  fetchMock = vi.fn();
  vi.stubGlobal("fetch", fetchMock);
  window.sessionStorage.clear();
});
afterEach(() => vi.unstubAllGlobals());

// A new Response each time: a body is read once, so a shared one would fail every later ask.
const answer = (body: unknown) =>
  fetchMock.mockImplementation(
    async () => new Response(JSON.stringify(body), { headers: { "content-type": "application/json" } }),
  );

describe("TrialBanner", () => {
  it("shows the days left and stays dismissed for the session", async () => {
    answer(status(10));
    const { unmount } = renderBanner(makeCompanyUser());
    expect(await screen.findByText("10 days left")).toBeInTheDocument();
    // Upgrade opens Settings at the Subscription Settings panel.
    expect(screen.getByRole("link", { name: "Upgrade" })).toHaveAttribute(
      "href",
      "/owner/settings#subscription",
    );
    fireEvent.click(screen.getByRole("button", { name: "Dismiss trial notice" }));
    expect(screen.queryByText("10 days left")).not.toBeInTheDocument();
    unmount();
    const { client } = renderBanner(makeCompanyUser());
    await answered(client);
    expect(screen.queryByText(/days left/)).not.toBeInTheDocument();
  });

  it("says Expired once the trial is over", async () => {
    answer(status(-2));
    renderBanner(makeCompanyUser());
    expect(await screen.findByText("Expired")).toBeInTheDocument();
  });

  it("is never shown to buyers and never asks for their company's status", async () => {
    answer(status(2));
    const { client } = renderBanner(makeBuyer());
    // Drawn, with its effects run: a query that was going to ask would be fetching by now.
    expect(client.getQueryState(companyStatusQueryKey)?.fetchStatus ?? "idle").toBe("idle");
    expect(screen.queryByText(/left|Expired/)).not.toBeInTheDocument();
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it("is hidden for trial-exempt companies", async () => {
    answer(status(2, { isTrialExempt: true }));
    const { client } = renderBanner(makeCompanyUser());
    await answered(client);
    expect(fetchMock).toHaveBeenCalled();
    expect(screen.queryByText("2 days left")).not.toBeInTheDocument();
  });
});
