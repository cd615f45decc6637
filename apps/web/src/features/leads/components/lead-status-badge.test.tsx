import { render, screen } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import { LeadStatusBadge } from "./lead-status-badge";

describe("LeadStatusBadge", () => {
  it("says Routing… for a new lead whose submission waits for the routing worker", () => {
    render(<LeadStatusBadge status="new" routing />);
    expect(screen.getByText("Routing…")).toBeInTheDocument();
  });

  it("says New for a new lead nobody is routing (manual, call or test leads), and the decision once made", () => {
    const { rerender } = render(<LeadStatusBadge status="new" />);
    expect(screen.getByText("New")).toBeInTheDocument();
    rerender(<LeadStatusBadge status="unrouted" routing />);
    expect(screen.getByText("Unrouted")).toBeInTheDocument();
  });
});
