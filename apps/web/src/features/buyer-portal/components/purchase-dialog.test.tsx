import type { TPreviewLead } from "@leadpost/shared";
import { QueryClient, QueryClientProvider } from "@tanstack/react-query";
import { render, screen } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { beforeAll, beforeEach, describe, expect, it, vi } from "vitest";
import { preloadDialog } from "@/components/ui/dialog";
import { ApiError } from "@/lib/api-error";
import { PurchaseDialog } from "./purchase-dialog";

const purchase = vi.fn();
const refresh = vi.fn();
const toast = { success: vi.fn(), error: vi.fn() };
vi.mock("../api", () => ({ purchaseLeadWithCredit: (...args: unknown[]) => purchase(...args) }));
vi.mock("../hooks/use-buyer-portal", () => ({
  useBuyerId: () => "buyer-1",
  useRefreshBuyerPortal: () => refresh,
}));
vi.mock("@/lib/toast", () => ({
  toast: { success: (...a: unknown[]) => toast.success(...a), error: (...a: unknown[]) => toast.error(...a) },
}));

const LEAD: TPreviewLead = {
  leadId: "11111111-1111-4111-8111-111111111111",
  createdAt: "2026-11-20T10:00:00.000Z",
  city: "Denver",
  state: "CO",
  zipCode: "80203",
  serviceType: "Roof repair",
  niche: "Roofing",
  saleCap: 3,
  saleCount: 1,
  slotsLeft: 2,
  soldOut: false,
  priceCredits: 40,
};

function renderDialog(lead: Partial<TPreviewLead> = {}, balance: number | null = 100) {
  const onOpenChange = vi.fn();
  render(
    <QueryClientProvider client={new QueryClient()}>
      <PurchaseDialog lead={{ ...LEAD, ...lead }} balance={balance} onOpenChange={onOpenChange} />
    </QueryClientProvider>,
  );
  return { onOpenChange, user: userEvent.setup() };
}

beforeEach(() => {
  purchase.mockReset();
  refresh.mockReset();
  toast.success.mockReset();
  toast.error.mockReset();
});

// The dialog's radix part loads on its first open; here it is loaded, as on every later open.
beforeAll(() => preloadDialog());
describe("PurchaseDialog (spec 003 §2.3, §4, §8)", () => {
  it("shows the preview, sold counter, urgency, balance, cost and new balance", () => {
    renderDialog();
    expect(screen.getByText("Denver, CO")).toBeInTheDocument();
    expect(screen.getByTestId("sold-counter")).toHaveTextContent("1 of 3 slots sold");
    expect(screen.getByText("Only 2 slots left!")).toBeInTheDocument();
    expect(screen.getByTestId("current-balance")).toHaveTextContent("100 credits");
    expect(screen.getByTestId("new-balance")).toHaveTextContent("60 credits");
    expect(screen.getByRole("button", { name: "Unlock for 40 credits" })).toBeEnabled();
  });

  it("is disabled when sold out or when the balance is below the price", () => {
    renderDialog({ saleCount: 3, slotsLeft: 0, soldOut: true });
    expect(screen.getByText("This lead is sold out.")).toBeInTheDocument();
    expect(screen.getByRole("button", { name: "Unlock for 40 credits" })).toBeDisabled();
  });

  it("is disabled with too few credits", () => {
    renderDialog({}, 39);
    expect(screen.getByTestId("new-balance")).toHaveTextContent("-1 credits");
    expect(screen.getByRole("button", { name: "Unlock for 40 credits" })).toBeDisabled();
  });

  it("buys once with one idempotency key, closes and refreshes", async () => {
    purchase.mockResolvedValue({ newBalance: 60, idempotent: false });
    const { user, onOpenChange } = renderDialog();
    await user.click(screen.getByRole("button", { name: "Unlock for 40 credits" }));
    expect(purchase).toHaveBeenCalledTimes(1);
    const [buyerId, input] = purchase.mock.calls[0] as [string, { leadId: string; idempotencyKey: string }];
    expect(buyerId).toBe("buyer-1");
    expect(input.leadId).toBe(LEAD.leadId);
    expect(input.idempotencyKey).toMatch(new RegExp(`^${LEAD.leadId}:\\d+$`));
    await vi.waitFor(() => expect(onOpenChange).toHaveBeenCalledWith(false));
    expect(toast.success).toHaveBeenCalledWith("Lead Purchased", expect.anything());
    expect(refresh).toHaveBeenCalled();
  });

  it("shows Lead Already Purchased for an idempotent repeat", async () => {
    purchase.mockResolvedValue({ newBalance: 60, idempotent: true });
    const { user } = renderDialog();
    await user.click(screen.getByRole("button", { name: "Unlock for 40 credits" }));
    await vi.waitFor(() =>
      expect(toast.success).toHaveBeenCalledWith("Lead Already Purchased", expect.anything()),
    );
  });

  it.each([
    [
      new ApiError({ status: 402, code: "INSUFFICIENT_CREDITS", message: "x" }),
      "Insufficient Credits",
      "Please ask your organization to purchase more credits.",
    ],
    [
      new ApiError({ status: 409, code: "ALREADY_PURCHASED", message: "x" }),
      "Already Purchased",
      "You have already purchased this lead.",
    ],
    [
      new ApiError({ status: 409, code: "SOLD_OUT", message: "This lead is sold out" }),
      "Purchase Failed",
      "This lead is sold out",
    ],
    [
      new ApiError({ status: 500, code: "INTERNAL", message: "boom" }),
      "Purchase Failed",
      "Failed to purchase lead. Please try again.",
    ],
  ])("maps a failure to the spec's toast (%#)", async (error, title, description) => {
    purchase.mockRejectedValue(error);
    const { user, onOpenChange } = renderDialog();
    await user.click(screen.getByRole("button", { name: "Unlock for 40 credits" }));
    await vi.waitFor(() => expect(toast.error).toHaveBeenCalledWith(title, { description }));
    expect(onOpenChange).not.toHaveBeenCalledWith(false);
  });
});
