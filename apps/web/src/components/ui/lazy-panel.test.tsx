import { render, screen } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import { ShownOncePart } from "./lazy-panel";

describe("ShownOncePart", () => {
  it("keeps the part's room, without drawing it, until it is shown", () => {
    const { container, rerender } = render(
      <ShownOncePart shown={false} fallback="loading">
        <p>Previews</p>
      </ShownOncePart>,
    );
    expect(screen.queryByText("Previews")).toBeNull();
    expect(container.firstElementChild).toHaveAttribute("aria-hidden", "true");
    rerender(
      <ShownOncePart shown fallback="loading">
        <p>Previews</p>
      </ShownOncePart>,
    );
    expect(screen.getByText("Previews")).toBeInTheDocument();
  });
});
