import { render, screen } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { useState } from "react";
import { describe, expect, it } from "vitest";
import { Checkbox } from "./checkbox";
import { Switch } from "./switch";

function Both() {
  const [on, setOn] = useState(false);
  const [checked, setChecked] = useState<boolean | "indeterminate">("indeterminate");
  return (
    <>
      <Switch aria-label="Record calls" checked={on} onCheckedChange={setOn} />
      <Checkbox aria-label="Select all" checked={checked} onCheckedChange={setChecked} />
      <Switch aria-label="Locked" disabled />
    </>
  );
}

describe("Switch and Checkbox (radix's markup and keys, without radix)", () => {
  it("toggles a switch by click and Space, with aria-checked and data-state", async () => {
    render(<Both />);
    const toggle = screen.getByRole("switch", { name: "Record calls" });
    expect(toggle).toHaveAttribute("aria-checked", "false");
    expect(toggle).toHaveAttribute("data-state", "unchecked");
    await userEvent.click(toggle);
    expect(toggle).toHaveAttribute("aria-checked", "true");
    expect(toggle).toHaveAttribute("data-state", "checked");
    toggle.focus();
    await userEvent.keyboard(" ");
    expect(toggle).toHaveAttribute("aria-checked", "false");
    expect(screen.getByRole("switch", { name: "Locked" })).toBeDisabled();
  });

  it("shows a mixed checkbox, checks it on click, ignores Enter and toggles on Space", async () => {
    render(<Both />);
    const box = screen.getByRole("checkbox", { name: "Select all" });
    expect(box).toHaveAttribute("aria-checked", "mixed");
    expect(box).toHaveAttribute("data-state", "indeterminate");
    await userEvent.click(box);
    expect(box).toHaveAttribute("aria-checked", "true");
    box.focus();
    await userEvent.keyboard("{Enter}");
    expect(box).toHaveAttribute("aria-checked", "true");
    await userEvent.keyboard(" ");
    expect(box).toHaveAttribute("aria-checked", "false");
    expect(box.querySelector("[data-slot=checkbox-indicator]")).toBeNull();
  });
});
