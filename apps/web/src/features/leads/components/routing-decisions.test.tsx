import type { TLeadDetail } from "@leadpost/shared";
import { render, screen } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import { RoutingDecisions } from "./routing-decisions";

const decision = (over: Partial<TLeadDetail["routingDecisions"][number]>) => ({
  id: Math.random().toString(36),
  buyer: null,
  matched: false,
  reason: "",
  distanceMiles: null,
  outcome: "none" as const,
  createdAt: "2026-11-23T00:00:00.000Z",
  ...over,
});

describe("RoutingDecisions", () => {
  it("labels the closing summary line as other buyers, never as a buyer's match", () => {
    const lead = {
      status: "routed",
      buyers: [],
      routingDecisions: [
        decision({
          buyer: { id: "b1", name: "Acme Roofing" },
          matched: true,
          outcome: "preview",
          reason: "Preview: x",
        }),
        decision({ reason: "Buyers not listed: the lead is more than 10 miles outside their service area" }),
      ],
    } as unknown as TLeadDetail;
    render(<RoutingDecisions lead={lead} />);
    expect(screen.getByText("Acme Roofing")).toBeInTheDocument();
    expect(screen.getByText("Other buyers")).toBeInTheDocument();
    expect(screen.queryByText("E-mail routing")).not.toBeInTheDocument();
    expect(screen.getAllByText(/^(Matched|Not matched)$/)).toHaveLength(1);
  });
});
