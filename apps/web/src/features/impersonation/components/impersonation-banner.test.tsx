import { QueryClient, QueryClientProvider } from "@tanstack/react-query";
import { render, screen, waitFor } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { ImpersonationBanner } from "./impersonation-banner";

const status = vi.fn();
const end = vi.fn();
vi.mock("../api", () => ({
  impersonationStatusKey: ["session", "impersonation"],
  fetchImpersonationStatus: () => status(),
  endImpersonation: () => end(),
}));

const assign = vi.fn();
beforeEach(() => {
  status.mockReset();
  end.mockReset();
  assign.mockReset();
  vi.stubGlobal("location", { ...window.location, assign });
});
afterEach(() => vi.unstubAllGlobals());

function renderBanner() {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  return render(
    <QueryClientProvider client={client}>
      <ImpersonationBanner />
    </QueryClientProvider>,
  );
}

describe("ImpersonationBanner", () => {
  it("shows nothing for an ordinary session", async () => {
    status.mockResolvedValue({
      active: false,
      adminUserId: null,
      adminEmail: null,
      userEmail: null,
      expiresAt: null,
    });
    const { container } = renderBanner();
    await waitFor(() => expect(status).toHaveBeenCalled());
    expect(container).toBeEmptyDOMElement();
  });

  it("names the user and the admin, and ending goes back to Developer Settings", async () => {
    status.mockResolvedValue({
      active: true,
      adminUserId: "a1",
      adminEmail: "admin@leadpost.test",
      userEmail: "buyer@leadpost.test",
      expiresAt: new Date(Date.now() + 3_600_000).toISOString(),
    });
    end.mockResolvedValue({ restored: true });
    renderBanner();
    const banner = await screen.findByRole("status");
    expect(banner).toHaveTextContent("You are impersonating buyer@leadpost.test as admin@leadpost.test");
    await userEvent.click(screen.getByRole("button", { name: "End impersonation" }));
    await waitFor(() => expect(assign).toHaveBeenCalledWith("/dashboard/developer"));
    expect(end).toHaveBeenCalledTimes(1);
  });

  it("sends to sign-in when the admin's own session is gone", async () => {
    status.mockResolvedValue({
      active: true,
      adminUserId: "a1",
      adminEmail: "admin@leadpost.test",
      userEmail: "buyer@leadpost.test",
      expiresAt: null,
    });
    end.mockResolvedValue({ restored: false });
    renderBanner();
    await userEvent.click(await screen.findByRole("button", { name: "End impersonation" }));
    await waitFor(() => expect(assign).toHaveBeenCalledWith("/login"));
  });
});
