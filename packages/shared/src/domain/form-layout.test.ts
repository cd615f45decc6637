import { describe, expect, it } from "vitest";
import type { TFormField } from "../schemas/forms";
import {
  activeSubmitFieldId,
  colorWithOpacity,
  LAYOUT_WARNINGS,
  splitFormSteps,
  stepProgress,
} from "./form-layout";

const f = (id: string, type: TFormField["type"] = "text"): TFormField => ({
  id,
  type,
  label: id,
  required: false,
  width: "full",
});

describe("splitFormSteps", () => {
  it("keeps one page and hides breaks when multistep is off", () => {
    const { steps, warnings } = splitFormSteps([f("a"), f("b1", "break"), f("c")], false);
    expect(steps).toHaveLength(1);
    expect(steps[0]?.fields.map((x) => x.id)).toEqual(["a", "c"]);
    expect(warnings).toEqual([]);
  });

  it("splits at breaks and remembers the break after each step", () => {
    const { steps } = splitFormSteps([f("a"), f("b1", "break"), f("c"), f("b2", "break"), f("d")], true);
    expect(steps.map((s) => s.fields.map((x) => x.id))).toEqual([["a"], ["c"], ["d"]]);
    expect(steps.map((s) => s.breakAfter?.id ?? null)).toEqual(["b1", "b2", null]);
  });

  it("ignores a break at the very start or end with a warning", () => {
    const { steps, warnings } = splitFormSteps(
      [f("s", "break"), f("a"), f("b", "break"), f("c"), f("e", "break")],
      true,
    );
    expect(steps.map((s) => s.fields.map((x) => x.id))).toEqual([["a"], ["c"]]);
    expect(warnings).toEqual([LAYOUT_WARNINGS.LEADING_BREAK, LAYOUT_WARNINGS.TRAILING_BREAK]);
  });

  it("never makes an empty step out of two breaks in a row", () => {
    const { steps } = splitFormSteps([f("a"), f("b1", "break"), f("b2", "break"), f("c")], true);
    expect(steps.map((s) => s.fields.map((x) => x.id))).toEqual([["a"], ["c"]]);
  });
});

describe("layout helpers", () => {
  it("makes only the last submit field active", () => {
    expect(activeSubmitFieldId([f("s1", "submit"), f("a"), f("s2", "submit")])).toBe("s2");
    expect(activeSubmitFieldId([f("a")])).toBeNull();
  });

  it("computes progress as (step + 1) / total", () => {
    expect(stepProgress(0, 4)).toBe(0.25);
    expect(stepProgress(3, 4)).toBe(1);
  });

  it("turns a hex colour and an opacity into rgba", () => {
    expect(colorWithOpacity("#3182ce", 10)).toBe("rgba(49, 130, 206, 0.1)");
    expect(colorWithOpacity("#fff", 100)).toBe("rgba(255, 255, 255, 1)");
  });
});
