import { formatDateTime, type TDniSession } from "@leadpost/shared";
import { QueryClient, QueryClientProvider } from "@tanstack/react-query";
import { render, screen } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import { displayPreferencesKey } from "@/lib/preferences/use-display-format";
import { GERMANY_IN_PARIS, LATE_EVENING_IN_NEW_YORK } from "@/test/fixtures";
import { callTrackingKeys } from "../api";
import { SessionsTab } from "./sessions-tab";

const session: TDniSession = {
  id: "session-1",
  createdAt: LATE_EVENING_IN_NEW_YORK,
  source: "google",
  utmSource: "google",
  utmCampaign: "spring",
  referrer: null,
  landingPage: "https://roofing.example/",
  number: { phoneNumber: "+17205550100", source: "google", label: null },
};

describe("SessionsTab", () => {
  it("shows a visit's time in the company's zone, written its country's way, not the browser's", () => {
    const inParis = formatDateTime(LATE_EVENING_IN_NEW_YORK, GERMANY_IN_PARIS);
    const client = new QueryClient({ defaultOptions: { queries: { retry: false, staleTime: Infinity } } });
    client.setQueryData([...displayPreferencesKey, "owner"], GERMANY_IN_PARIS);
    client.setQueryData(callTrackingKeys.sessions, { sessions: [session] });
    render(
      <QueryClientProvider client={client}>
        <SessionsTab />
      </QueryClientProvider>,
    );
    expect(screen.getByText(inParis)).toBeInTheDocument();
  });
});
