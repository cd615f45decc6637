import { formatDateTime, type TApiKey } from "@leadpost/shared";
import { QueryClient, QueryClientProvider } from "@tanstack/react-query";
import { render, screen } from "@testing-library/react";
import { describe, expect, it, vi } from "vitest";
import { displayPreferencesKey } from "@/lib/preferences/use-display-format";
import { GERMANY_IN_PARIS, LATE_EVENING_IN_NEW_YORK } from "@/test/fixtures";
import { ApiKeysTab } from "./api-keys-tab";

const apiKey: TApiKey = {
  id: "00000000-0000-4000-8000-000000000001",
  name: "Zapier",
  environment: "production",
  keyPreview: "lp_live_…a1b2",
  createdAt: LATE_EVENING_IN_NEW_YORK,
  lastUsedAt: null,
};
vi.mock("../api-keys-api", async (original) => ({
  ...(await original<typeof import("../api-keys-api")>()),
  fetchApiKeys: async () => ({ keys: [apiKey] }),
}));

describe("ApiKeysTab", () => {
  it("shows when a key was made in the company's zone, written its country's way (003 §2.8)", async () => {
    // What GET /api/company/display-preferences answered (the owner's workspace).
    const client = new QueryClient({ defaultOptions: { queries: { retry: false, staleTime: Infinity } } });
    client.setQueryData([...displayPreferencesKey, "owner"], GERMANY_IN_PARIS);
    render(
      <QueryClientProvider client={client}>
        <ApiKeysTab />
      </QueryClientProvider>,
    );
    const inParis = formatDateTime(LATE_EVENING_IN_NEW_YORK, GERMANY_IN_PARIS);
    const line = await screen.findByText(
      (_, el) => el?.tagName === "P" && /Created/.test(el.textContent ?? ""),
    );
    expect(line).toHaveTextContent(`Created ${inParis} · Last used Never`);
  });
});
