import type { TBuyerProfile } from "@leadpost/shared";
import { BUYER_PORTAL_MESSAGES } from "@leadpost/shared";
import { QueryClient, QueryClientProvider } from "@tanstack/react-query";
import { render, screen } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { beforeEach, describe, expect, it, vi } from "vitest";
import { NETWORK_ERROR_MESSAGE } from "@/lib/api-error";
import { ProfileForm } from "./profile-form";

const update = vi.fn();
const toast = { success: vi.fn(), error: vi.fn() };
vi.mock("../api", async (original) => ({
  ...(await original<typeof import("../api")>()),
  updateProfile: (...args: unknown[]) => update(...args),
}));
vi.mock("../hooks/use-buyer-portal", () => ({ useBuyerId: () => "buyer-1" }));
vi.mock("@/lib/toast", () => ({
  toast: { success: (...a: unknown[]) => toast.success(...a), error: (...a: unknown[]) => toast.error(...a) },
}));
// The rules' chunk cannot be downloaded (the connection dropped, or a deploy replaced the files).
vi.mock("../form-checks", () => {
  throw new TypeError("Failed to fetch dynamically imported module");
});

const PROFILE: TBuyerProfile = {
  id: "buyer-1",
  status: "active",
  email: "buyer@example.com",
  contactName: "Dana Buyer",
  companyName: "Roofs R Us",
  phoneNumber: null,
  address: null,
  city: "Denver",
  state: "CO",
  zipCode: "80203",
  serviceRadius: 50,
  niche: null,
};

beforeEach(() => {
  update.mockReset();
  toast.error.mockReset();
});

describe("ProfileForm", () => {
  it("says the save failed when the form's rules cannot be downloaded, and keeps the input", async () => {
    const user = userEvent.setup();
    render(
      <QueryClientProvider client={new QueryClient()}>
        <ProfileForm profile={PROFILE} />
      </QueryClientProvider>,
    );
    const name = screen.getByLabelText("Contact name");
    await user.clear(name);
    await user.type(name, "Dana B.");
    await user.click(screen.getByRole("button", { name: "Save profile" }));
    await vi.waitFor(() =>
      expect(toast.error).toHaveBeenCalledWith(BUYER_PORTAL_MESSAGES.PROFILE_SAVE_FAILED, {
        description: NETWORK_ERROR_MESSAGE,
      }),
    );
    expect(update).not.toHaveBeenCalled();
    expect(name).toHaveValue("Dana B.");
  });
});
