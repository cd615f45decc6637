import { act, render, screen } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import { displayPhone, usePhoneDisplay } from "./phone-display";

function Numbers({ values }: { values: string[] }) {
  const show = usePhoneDisplay();
  return (
    <ul>
      {values.map((v) => (
        <li key={v}>{show(v)}</li>
      ))}
    </ul>
  );
}

describe("displayPhone", () => {
  it("shows US numbers at once, as formatPhone does", () => {
    expect(displayPhone("+17205550100")).toBe("(720) 555-0100");
    expect(displayPhone("+15551234567")).toBe("(555) 123-4567");
  });

  it("shows another country's number as stored until the library arrives, then as formatPhone does", async () => {
    render(<Numbers values={["+17205550100", "+442071838750", "+14165550100"]} />);
    expect(screen.getByText("(720) 555-0100")).toBeTruthy();
    expect(screen.getByText("+442071838750")).toBeTruthy();
    expect(await screen.findByText("+44 20 7183 8750")).toBeTruthy();
    expect(screen.getByText("+1 416 555 0100")).toBeTruthy();
    await act(async () => {});
    expect(displayPhone("+442071838750")).toBe("+44 20 7183 8750");
  });
});
