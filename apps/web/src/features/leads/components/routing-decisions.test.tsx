import type { TLeadDetail } from "@leadpost/shared";
import { render, screen } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import { RoutingDecisions } from "./routing-decisions";

type TDecision = TLeadDetail["routingDecisions"][number];

const decision = (over: Partial<TDecision>): TDecision => ({
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
    const lead: Pick<TLeadDetail, "status" | "buyers" | "routingDecisions"> = {
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
    };
    render(<RoutingDecisions lead={lead} />);
    expect(screen.getByText("Acme Roofing")).toBeInTheDocument();
    expect(screen.getByText("Other buyers")).toBeInTheDocument();
    expect(screen.queryByText("E-mail routing")).not.toBeInTheDocument();
    expect(screen.getAllByText(/^(Matched|Not matched)$/)).toHaveLength(1);
  });
});
