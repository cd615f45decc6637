import { formatDateTime, type TCall } from "@leadpost/shared";
import { QueryClient, QueryClientProvider } from "@tanstack/react-query";
import { render, screen } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import { displayPreferencesKey } from "@/lib/preferences/use-display-format";
import { GERMANY_IN_PARIS, LATE_EVENING_IN_NEW_YORK } from "@/test/fixtures";
import { CallTable } from "./call-table";

const call: TCall = {
  id: "call-1",
  callSid: "CA00000000000000000000000000000001",
  createdAt: LATE_EVENING_IN_NEW_YORK,
  status: "completed",
  outcome: "answered",
  dialStatus: "completed",
  fromNumber: "+13035550100",
  toNumber: "+13035550199",
  duration: 65,
  recordingUrl: null,
  agent: null,
};

describe("CallTable", () => {
  it("shows a call's time in the company's zone, written its country's way (003 §2.8), not the browser's", () => {
    const inParis = formatDateTime(LATE_EVENING_IN_NEW_YORK, GERMANY_IN_PARIS);
    expect(inParis).toContain("27.11.2026");
    // What GET /api/company/display-preferences answered (the owner's workspace).
    const client = new QueryClient({ defaultOptions: { queries: { retry: false, staleTime: Infinity } } });
    client.setQueryData([...displayPreferencesKey, "owner"], GERMANY_IN_PARIS);
    render(
      <QueryClientProvider client={client}>
        <CallTable calls={[call]} label="Calls" />
      </QueryClientProvider>,
    );
    expect(screen.getByRole("cell", { name: inParis })).toBeInTheDocument();
  });
});
