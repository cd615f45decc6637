import { render, screen } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { useState } from "react";
import { beforeAll, describe, expect, it, vi } from "vitest";
import { Select, SelectContent, SelectItem, SelectTrigger, SelectValue } from "./select";

function Fruit({ initial = "", onChange }: { initial?: string; onChange?: (v: string) => void }) {
  const [value, setValue] = useState(initial);
  return (
    <>
      <label htmlFor="fruit">Fruit</label>
      <Select
        value={value}
        onValueChange={(v) => {
          setValue(v);
          onChange?.(v);
        }}
      >
        <SelectTrigger id="fruit" className="w-40">
          <SelectValue placeholder="Choose a fruit" />
        </SelectTrigger>
        <SelectContent>
          {["Apple", "Pear"].map((name) => (
            <SelectItem key={name} value={name.toLowerCase()}>
              {name}
            </SelectItem>
          ))}
        </SelectContent>
      </Select>
    </>
  );
}

describe("Select (radix on first open)", () => {
  beforeAll(() => {
    // jsdom lacks what radix's open select calls.
    Element.prototype.scrollIntoView ??= () => {};
    Element.prototype.hasPointerCapture ??= () => false;
    Element.prototype.releasePointerCapture ??= () => {};
  });

  it("shows the placeholder, then the chosen item's text, labelled as a combobox before it loads", () => {
    const { unmount } = render(<Fruit />);
    const trigger = screen.getByRole("combobox", { name: "Fruit" });
    expect(trigger).toHaveTextContent("Choose a fruit");
    expect(trigger).toHaveAttribute("data-placeholder");
    expect(trigger).toHaveAttribute("aria-expanded", "false");
    expect(screen.queryByText("Apple")).toBeNull();
    unmount();
    render(<Fruit initial="pear" />);
    const chosen = screen.getByRole("combobox", { name: "Fruit" });
    expect(chosen).toHaveTextContent("Pear");
    expect(chosen).not.toHaveAttribute("data-placeholder");
  });

  it("opens on a click once loaded, and the choice reaches onValueChange", async () => {
    const onChange = vi.fn();
    render(<Fruit onChange={onChange} />);
    await userEvent.click(screen.getByRole("combobox", { name: "Fruit" }));
    const option = await screen.findByRole("option", { name: "Pear" }, { timeout: 5000 });
    await userEvent.click(option);
    expect(onChange).toHaveBeenCalledWith("pear");
    expect(screen.getByRole("combobox", { name: "Fruit" })).toHaveTextContent("Pear");
  });

  it("opens from the keyboard (Enter on the focused stand-in)", async () => {
    render(<Fruit initial="apple" />);
    screen.getByRole("combobox", { name: "Fruit" }).focus();
    await userEvent.keyboard("{Enter}");
    expect(await screen.findByRole("option", { name: "Apple" }, { timeout: 5000 })).toBeInTheDocument();
  });
});
