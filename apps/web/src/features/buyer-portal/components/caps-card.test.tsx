import type { TBuyerCapUsage } from "@leadpost/shared";
import { QueryClient, QueryClientProvider } from "@tanstack/react-query";
import { render, screen } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { MemoryRouter } from "react-router";
import { beforeEach, describe, expect, it, vi } from "vitest";
import { againstCap, CapsCard, pauseState } from "./caps-card";
import { LeadsTab } from "./leads-tab";

const fetchCapUsage = vi.fn();
const pauseLeads = vi.fn();
const resumeLeads = vi.fn();
const toast = { success: vi.fn(), error: vi.fn() };
vi.mock("../caps-api", () => ({
  capsQueryKey: (id: string) => ["buyer-portal", id, "caps"],
  fetchCapUsage: (...a: unknown[]) => fetchCapUsage(...a),
  pauseLeads: (...a: unknown[]) => pauseLeads(...a),
  resumeLeads: (...a: unknown[]) => resumeLeads(...a),
}));
vi.mock("../hooks/use-buyer-id", () => ({ useBuyerId: () => "buyer-1" }));
vi.mock("@/lib/toast", () => ({
  toast: { success: (...a: unknown[]) => toast.success(...a), error: (...a: unknown[]) => toast.error(...a) },
}));

const USAGE: TBuyerCapUsage = {
  dailyCap: 20,
  weeklyCap: null,
  monthlyCap: 300,
  spendCapCredits: null,
  timeZone: "America/Denver",
  deliveryHours: null,
  isPaused: false,
  pausedUntil: null,
  today: { leads: 3, spentCredits: 0 },
  week: { leads: 7 },
  month: { leads: 40 },
  pausedNow: false,
};

const renderCard = (Screen: () => React.ReactNode = LeadsTab) =>
  render(
    <QueryClientProvider client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}>
      <MemoryRouter>
        <Screen />
      </MemoryRouter>
    </QueryClientProvider>,
  );

beforeEach(() => {
  vi.clearAllMocks();
});

describe("caps card", () => {
  it("words the counts and the pause", () => {
    expect(againstCap(3, 20)).toBe("3 of 20");
    expect(againstCap(3, null)).toBe("3 (no cap)");
    expect(pauseState(USAGE)).toBeNull();
    expect(pauseState({ ...USAGE, pausedNow: true, isPaused: true })).toBe("Leads paused indefinitely");
    expect(pauseState({ ...USAGE, pausedNow: true, pausedUntil: "2026-12-01T16:00:00.000Z" })).toBe(
      "Leads paused until Dec 1, 9:00 AM",
    );
  });

  it("shows today's and the month's counts against their caps, not the week's without a cap", async () => {
    fetchCapUsage.mockResolvedValue(USAGE);
    renderCard(CapsCard);
    expect(await screen.findByTestId("cap-Today")).toHaveTextContent("3 of 20");
    expect(screen.getByRole("link", { name: "Pause leads" })).toHaveAttribute(
      "href",
      "/buyer/settings?tab=leads",
    );
    expect(screen.getByTestId("cap-This month")).toHaveTextContent("40 of 300");
    expect(screen.queryByTestId("cap-This week")).toBeNull();
    expect(screen.getByTestId("pause-state")).toHaveTextContent("Receiving leads");
  });

  it("pauses indefinitely after the dialog's confirmation, with a toast", async () => {
    fetchCapUsage.mockResolvedValue(USAGE);
    const paused = { ...USAGE, isPaused: true, pausedNow: true };
    pauseLeads.mockResolvedValue({ message: "Leads paused", usage: paused });
    renderCard();
    const user = userEvent.setup();
    await user.click(await screen.findByRole("button", { name: "Pause leads" }));
    expect(pauseLeads).not.toHaveBeenCalled();
    await user.click(await screen.findByLabelText("Indefinitely, until I resume"));
    fetchCapUsage.mockResolvedValue(paused);
    await user.click(screen.getByRole("button", { name: "Pause Leads" }));
    expect(pauseLeads).toHaveBeenCalledWith("buyer-1", null);
    expect(toast.success).toHaveBeenCalledWith("Leads paused");
    expect(await screen.findByText("Leads paused indefinitely")).toBeInTheDocument();
  });

  it("refuses a pause end in the past without calling the server", async () => {
    fetchCapUsage.mockResolvedValue(USAGE);
    renderCard();
    const user = userEvent.setup();
    await user.click(await screen.findByRole("button", { name: "Pause leads" }));
    await user.type(await screen.findByLabelText("Pause until"), "2020-01-01T09:00");
    await user.click(screen.getByRole("button", { name: "Pause Leads" }));
    expect(await screen.findByRole("alert")).toHaveTextContent(
      "Pause end must be a date and time in the future",
    );
    expect(pauseLeads).not.toHaveBeenCalled();
  });

  it("resumes", async () => {
    fetchCapUsage.mockResolvedValue({ ...USAGE, isPaused: true, pausedNow: true });
    resumeLeads.mockResolvedValue({ message: "Leads resumed", usage: USAGE });
    renderCard();
    const user = userEvent.setup();
    fetchCapUsage.mockResolvedValue(USAGE);
    await user.click(await screen.findByRole("button", { name: "Resume leads" }));
    expect(toast.success).toHaveBeenCalledWith("Leads resumed");
    expect(await screen.findByText("Receiving leads")).toBeInTheDocument();
  });
});
