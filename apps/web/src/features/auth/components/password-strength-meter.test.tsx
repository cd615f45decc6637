import { render, screen } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import { PasswordStrengthMeter } from "./password-strength-meter";

describe("PasswordStrengthMeter", () => {
  it("shows weak, medium and strong by the five criteria", () => {
    const { rerender } = render(<PasswordStrengthMeter password="abc" />);
    expect(screen.getByText("Weak")).toBeInTheDocument();
    rerender(<PasswordStrengthMeter password="abcDEF12" />);
    expect(screen.getByText("Medium")).toBeInTheDocument();
    expect(screen.getByRole("meter", { name: "Password strength" })).toHaveAttribute("value", "4");
    rerender(<PasswordStrengthMeter password="abcDEF1!" />);
    expect(screen.getByText("Strong")).toBeInTheDocument();
  });

  it("shows nothing for an empty password", () => {
    const { container } = render(<PasswordStrengthMeter password="" />);
    expect(container).toBeEmptyDOMElement();
  });
});
