import { fireEvent, render, screen } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { createRef } from "react";
import { describe, expect, it, vi } from "vitest";
import { Button } from "./button";
import { Label } from "./label";
import { Separator } from "./separator";
import { Slot } from "./slot";

describe("Slot (asChild, as radix's Slot merges)", () => {
  it("draws the child with the slot's props, the child's own winning, class names joined", () => {
    render(
      <Button asChild variant="outline" data-testid="slot" title="slot's">
        <a href="/buyers" title="link's" className="w-full">
          Buyers
        </a>
      </Button>,
    );
    const link = screen.getByRole("link", { name: "Buyers" });
    expect(link).toHaveAttribute("href", "/buyers");
    expect(link).toHaveAttribute("data-slot", "button");
    expect(link).toHaveAttribute("data-testid", "slot");
    expect(link).toHaveAttribute("title", "link's");
    expect(link.className).toMatch(/\bborder\b/);
    expect(link.className).toMatch(/ w-full$/);
  });

  it("runs both click handlers, the child's first, and a prevented default is the slot's to read", async () => {
    const calls: string[] = [];
    render(
      <Slot onClick={(e: React.MouseEvent) => calls.push(`slot ${e.defaultPrevented}`)}>
        <button
          type="button"
          onClick={(e) => {
            calls.push("child");
            e.preventDefault();
          }}
        >
          Go
        </button>
      </Slot>,
    );
    await userEvent.click(screen.getByRole("button", { name: "Go" }));
    expect(calls).toEqual(["child", "slot true"]);
  });

  it("gives the node to both refs, merges styles and aria-describedby ids", () => {
    const outer = createRef<HTMLElement>();
    const inner = createRef<HTMLButtonElement>();
    render(
      <Slot ref={outer} style={{ color: "red", margin: 1 }} aria-describedby="hint shared">
        <button type="button" ref={inner} style={{ color: "blue" }} aria-describedby="shared error">
          Save
        </button>
      </Slot>,
    );
    const button = screen.getByRole("button", { name: "Save" });
    expect(outer.current).toBe(button);
    expect(inner.current).toBe(button);
    expect(button.style.color).toBe("blue");
    expect(button.style.margin).toBe("1px");
    expect(button.getAttribute("aria-describedby")).toBe("shared error hint");
  });

  it("keeps a handler the child does not have", async () => {
    const onClick = vi.fn();
    render(
      <Slot onClick={onClick}>
        <button type="button">Open</button>
      </Slot>,
    );
    await userEvent.click(screen.getByRole("button", { name: "Open" }));
    expect(onClick).toHaveBeenCalledTimes(1);
  });
});

describe("Label and Separator (radix's markup, without radix)", () => {
  it("keeps a double click on a label's text from selecting it, and leaves its control alone", () => {
    render(
      <Label htmlFor="name">
        Name <input id="name" />
      </Label>,
    );
    const label = screen.getByText("Name");
    expect(fireEvent.mouseDown(label, { detail: 2 })).toBe(false);
    expect(fireEvent.mouseDown(label, { detail: 1 })).toBe(true);
    expect(fireEvent.mouseDown(screen.getByRole("textbox", { name: "Name" }), { detail: 2 })).toBe(true);
  });

  it("is decorative by default, a vertical separator when asked", () => {
    const { container } = render(
      <>
        <Separator />
        <Separator orientation="vertical" decorative={false} />
      </>,
    );
    const [plain, vertical] = container.querySelectorAll("[data-slot=separator]");
    expect(plain).toHaveAttribute("role", "none");
    expect(plain).toHaveAttribute("data-orientation", "horizontal");
    expect(vertical).toHaveAttribute("role", "separator");
    expect(vertical).toHaveAttribute("aria-orientation", "vertical");
  });
});
