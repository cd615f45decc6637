import { QueryClient, QueryClientProvider } from "@tanstack/react-query";
import { render, screen } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { MemoryRouter } from "react-router";
import { describe, expect, it, vi } from "vitest";
import { NETWORK_ERROR_MESSAGE } from "@/lib/api-error";
import { BuyerApplicationPage } from "./buyer-application-page";

const submit = vi.fn();
vi.mock("../api", () => ({
  fetchApplicationCompany: async () => ({ name: "Acme Roofing", logoUrl: null, niches: [] }),
  submitApplication: (...args: unknown[]) => submit(...args),
}));
// The rules' chunk cannot be downloaded (the connection dropped, or a deploy replaced the files).
vi.mock("../application-checks", () => {
  throw new TypeError("Failed to fetch dynamically imported module");
});

describe("BuyerApplicationPage", () => {
  it("says so when the form's rules cannot be downloaded, and keeps the input", async () => {
    const user = userEvent.setup();
    render(
      <QueryClientProvider client={new QueryClient()}>
        <MemoryRouter initialEntries={["/register?company=0b6f2a3e-8f1c-4c1e-9a57-3f0d2b1c4e5a"]}>
          <BuyerApplicationPage />
        </MemoryRouter>
      </QueryClientProvider>,
    );
    const name = await screen.findByLabelText("Your name");
    await user.type(name, "Dana Buyer");
    await user.click(screen.getByRole("button", { name: "Submit Application" }));
    expect(await screen.findByRole("alert")).toHaveTextContent(NETWORK_ERROR_MESSAGE);
    expect(submit).not.toHaveBeenCalled();
    expect(name).toHaveValue("Dana Buyer");
  });
});
