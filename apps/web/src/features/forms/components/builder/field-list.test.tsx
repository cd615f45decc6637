import type { TFormField } from "@leadpost/shared";
import { act, fireEvent, render, screen } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { useState } from "react";
import { describe, expect, it, vi } from "vitest";
import { moveItem } from "../../lib/draft";
import { FieldList } from "./field-list";

const fields: TFormField[] = ["Name", "Email", "Zip"].map((label) => ({
  id: label.toLowerCase(),
  type: "text",
  label,
  required: false,
  width: "full",
}));

function Harness({ onDelete = () => {} }: { onDelete?: (id: string) => void }) {
  const [list, setList] = useState(fields);
  const [selected, setSelected] = useState<string | null>(null);
  return (
    <FieldList
      fields={list}
      selectedId={selected}
      onSelect={setSelected}
      onMove={(from, to) => setList((l) => moveItem(l, from, to))}
      onDelete={onDelete}
    />
  );
}

const order = () => screen.getAllByRole("option").map((o) => o.textContent?.replace(/Text$/, ""));

describe("FieldList", () => {
  it("reorders from the keyboard with Alt+Arrow keys and keeps focus on the moved field", async () => {
    const user = userEvent.setup();
    render(<Harness />);
    screen.getByRole("option", { name: /Zip/ }).focus();
    await user.keyboard("{Alt>}{ArrowUp}{/Alt}");
    expect(order()).toEqual(["Name", "Zip", "Email"]);
    await user.keyboard("{Alt>}{ArrowUp}{/Alt}");
    expect(order()).toEqual(["Zip", "Name", "Email"]);
    await user.keyboard("{Alt>}{ArrowDown}{/Alt}");
    expect(order()).toEqual(["Name", "Zip", "Email"]);
    expect(screen.getByText(/Zip moved to position 2 of 3/)).toBeInTheDocument();
  });

  it("reorders with the arrow buttons and selects with Enter", async () => {
    const user = userEvent.setup();
    render(<Harness />);
    await user.click(screen.getByRole("button", { name: "Move Name down" }));
    expect(order()).toEqual(["Email", "Name", "Zip"]);
    expect(screen.getByRole("button", { name: "Move Email up" })).toBeDisabled();
    // The move puts focus back on the moved row in the next frame; let that happen before moving on.
    await new Promise((resolve) => requestAnimationFrame(resolve));
    screen.getByRole("option", { name: /Zip/ }).focus();
    await user.keyboard("{Enter}");
    expect(screen.getByRole("option", { name: /Zip/ })).toHaveAttribute("aria-selected", "true");
  });

  it("asks to delete with the Delete key or the bin button", async () => {
    const user = userEvent.setup();
    const onDelete = vi.fn();
    render(<Harness onDelete={onDelete} />);
    screen.getByRole("option", { name: /Email/ }).focus();
    await user.keyboard("{Delete}");
    await user.click(screen.getByRole("button", { name: "Delete Zip" }));
    expect(onDelete.mock.calls).toEqual([["email"], ["zip"]]);
  });

  it("moves a dragged row even when the drop comes before React has rendered the drag's start", () => {
    render(<Harness />);
    const data = new Map<string, string>();
    const dataTransfer = {
      effectAllowed: "all",
      setData: (type: string, value: string) => data.set(type, value),
      getData: (type: string) => data.get(type) ?? "",
    };
    // One act: no render between dragstart and drop, as with a quick drag on a busy device.
    act(() => {
      fireEvent.dragStart(screen.getByRole("option", { name: /Zip/ }), { dataTransfer });
      fireEvent.dragOver(screen.getByRole("option", { name: /Name/ }), { dataTransfer });
      fireEvent.drop(screen.getByRole("option", { name: /Name/ }), { dataTransfer });
    });
    expect(order()).toEqual(["Zip", "Name", "Email"]);
  });
});
