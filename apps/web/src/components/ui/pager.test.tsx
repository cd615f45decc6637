import { render, screen } from "@testing-library/react";
import { describe, expect, it, vi } from "vitest";
import { Pager } from "./pager";

describe("Pager", () => {
  it("groups its counts the US way without a locale (platform lists)", () => {
    render(<Pager page={41} pageSize={25} total={12_345} onPage={vi.fn()} />);
    expect(screen.getByText("1,001–1,025 of 12,345")).toBeInTheDocument();
    expect(screen.getByText("Page 41 of 494")).toBeInTheDocument();
  });

  it("groups them the company's country's way (003 §2.8: a German company reads 12.345)", () => {
    render(<Pager page={41} pageSize={25} total={12_345} onPage={vi.fn()} locale="de-DE" />);
    expect(screen.getByText("1.001–1.025 of 12.345")).toBeInTheDocument();
  });

  it("writes an estimated total compactly in that locale", () => {
    render(
      <Pager
        page={1}
        pageSize={25}
        total={1_234_567}
        totalKind="estimated"
        onPage={vi.fn()}
        locale="de-DE"
      />,
    );
    expect(screen.getByText(/^1–25 of about 1,2\sMio\.$/)).toBeInTheDocument();
  });
});
