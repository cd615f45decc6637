import { render, screen, waitFor } from "@testing-library/react";
import { StrictMode } from "react";
import { MemoryRouter, useLocation } from "react-router";
import { beforeEach, describe, expect, it, vi } from "vitest";
import { ApiError } from "@/lib/api-error";
import { PayPalReturn } from "./paypal-return";

const capture = vi.fn();
const refresh = vi.fn();
const toast = { success: vi.fn(), error: vi.fn(), info: vi.fn() };
vi.mock("../api", () => ({ captureCreditOrder: (...args: unknown[]) => capture(...args) }));
vi.mock("../hooks/use-buyer-portal", () => ({
  useBuyerId: () => "buyer-1",
  useRefreshBuyerPortal: () => refresh,
}));
vi.mock("@/lib/toast", () => ({
  toast: {
    success: (...a: unknown[]) => toast.success(...a),
    error: (...a: unknown[]) => toast.error(...a),
    info: (...a: unknown[]) => toast.info(...a),
  },
}));

function Location() {
  const location = useLocation();
  return <output data-testid="location">{`${location.pathname}${location.search}`}</output>;
}

function renderAt(url: string) {
  render(
    <StrictMode>
      <MemoryRouter initialEntries={[url]}>
        <PayPalReturn />
        <Location />
      </MemoryRouter>
    </StrictMode>,
  );
}

beforeEach(() => {
  for (const fn of [capture, refresh, toast.success, toast.error, toast.info]) fn.mockReset();
});

describe("PayPalReturn (coming back from PayPal to Buy Credits)", () => {
  it("captures the returned order once, toasts the credits added, refreshes and clears the query", async () => {
    capture.mockResolvedValue({ status: "completed", credits: 30, newBalance: 45, idempotent: false });
    renderAt("/buyer/buy-credits?paypal=return&token=ORDER1&PayerID=P1");
    await waitFor(() => expect(toast.success).toHaveBeenCalledTimes(1));
    expect(capture).toHaveBeenCalledTimes(1);
    expect(capture).toHaveBeenCalledWith("buyer-1", "ORDER1");
    expect(toast.success).toHaveBeenCalledWith("Credits added", {
      description: "30 credits added. New balance: 45 credits.",
    });
    expect(refresh).toHaveBeenCalledTimes(1);
    expect(screen.getByTestId("location")).toHaveTextContent(/^\/buyer\/buy-credits$/);
  });

  it("says Payment cancelled on a cancel and captures nothing", async () => {
    renderAt("/buyer/buy-credits?paypal=cancel&token=ORDER2");
    await waitFor(() => expect(screen.getByTestId("location")).toHaveTextContent(/^\/buyer\/buy-credits$/));
    expect(toast.info).toHaveBeenCalledTimes(1);
    expect(toast.info).toHaveBeenCalledWith("Payment cancelled");
    expect(capture).not.toHaveBeenCalled();
    expect(toast.success).not.toHaveBeenCalled();
  });

  it("shows the server's message when the capture fails", async () => {
    capture.mockRejectedValue(
      new ApiError({ status: 402, code: "PAYMENT_FAILED", message: "Payment failed. Please try again." }),
    );
    renderAt("/buyer/buy-credits?paypal=return&token=ORDER3");
    await waitFor(() => expect(toast.error).toHaveBeenCalledTimes(1));
    expect(toast.error).toHaveBeenCalledWith("Failed to complete purchase", {
      description: "Payment failed. Please try again.",
    });
    expect(refresh).not.toHaveBeenCalled();
    expect(screen.getByTestId("location")).toHaveTextContent(/^\/buyer\/buy-credits$/);
  });

  it("does nothing on a plain visit", () => {
    renderAt("/buyer/buy-credits");
    expect(capture).not.toHaveBeenCalled();
    expect(toast.info).not.toHaveBeenCalled();
  });
});
