import { describe, expect, it } from "vitest";
import type { TFormField } from "../schemas/forms";
import {
  ANSWER_MESSAGES,
  answersByLabel,
  isValidPhone,
  labelledAnswers,
  validateFormAnswers,
} from "./form-answers";

const f = (id: string, type: TFormField["type"], extra: Partial<TFormField> = {}): TFormField => ({
  id,
  type,
  label: id,
  required: false,
  width: "full",
  ...extra,
});

describe("validateFormAnswers", () => {
  const fields = [
    f("name", "text", { required: true }),
    f("email", "email", { required: true }),
    f("phone", "tel"),
    f("service", "select", { options: ["Repair", "Replace"], required: true }),
    f("size", "radio", { options: ["Small", "Large"] }),
    f("extras", "checkbox", { options: ["Gutters", "Siding"] }),
    f("agree", "checkbox", { required: true }),
    f("heading", "heading", { required: true }),
    f("unanswerable", "select", { required: true }),
  ];
  const valid = {
    name: "  Ann  ",
    email: "Ann@Example.com",
    phone: "(303) 555-0100",
    service: "Repair",
    size: "Large",
    extras: ["Siding", "Siding"],
    agree: true,
  };

  it("accepts good answers and cleans them (trim, lower-cased e-mail, unique choices)", () => {
    expect(validateFormAnswers(fields, valid)).toEqual({
      ok: true,
      answers: {
        name: "Ann",
        email: "ann@example.com",
        phone: "(303) 555-0100",
        service: "Repair",
        size: "Large",
        extras: ["Siding"],
        agree: true,
      },
    });
  });

  it("refuses missing required answers, keyed by field id; layout fields and undrawn selects never count", () => {
    const result = validateFormAnswers(fields, { ...valid, name: "   ", agree: false, service: undefined });
    expect(result).toEqual({
      ok: false,
      errors: {
        name: [ANSWER_MESSAGES.REQUIRED],
        service: [ANSWER_MESSAGES.REQUIRED],
        agree: [ANSWER_MESSAGES.REQUIRED],
      },
    });
  });

  it("checks e-mail, phone and choices", () => {
    const result = validateFormAnswers(fields, {
      ...valid,
      email: "ann@",
      phone: "call me",
      service: "Something else",
      extras: ["Roof"],
    });
    expect(result).toEqual({
      ok: false,
      errors: {
        email: [ANSWER_MESSAGES.EMAIL],
        phone: [ANSWER_MESSAGES.PHONE],
        service: [ANSWER_MESSAGES.OPTION],
        extras: [ANSWER_MESSAGES.OPTION],
      },
    });
  });

  it("refuses the wrong kind of value", () => {
    const result = validateFormAnswers(fields, { ...valid, name: ["Ann"], agree: "maybe" });
    expect(result.ok).toBe(false);
    if (!result.ok) expect(Object.keys(result.errors).sort()).toEqual(["agree", "name"]);
  });

  it("ignores answers to unknown fields and keeps optional empty ones out", () => {
    const result = validateFormAnswers(fields, { ...valid, phone: "", hacker: "x" });
    expect(result.ok && Object.keys(result.answers)).not.toContain("hacker");
    expect(result.ok && Object.keys(result.answers)).not.toContain("phone");
  });

  it("stores markup verbatim: it is data, escaping is the renderer's job", () => {
    const result = validateFormAnswers([f("name", "text")], { name: "<img src=x onerror=alert(1)>" });
    expect(result).toEqual({ ok: true, answers: { name: "<img src=x onerror=alert(1)>" } });
  });
});

describe("isValidPhone", () => {
  it("needs 10 to 15 digits in phone characters", () => {
    expect(isValidPhone("303-555-0100")).toBe(true);
    expect(isValidPhone("+1 303 555 0100 ext. 9")).toBe(true);
    expect(isValidPhone("555-0100")).toBe(false);
    expect(isValidPhone("3035550100abc")).toBe(false);
    expect(isValidPhone("1234567890123456")).toBe(false);
  });
});

describe("labelledAnswers and answersByLabel", () => {
  it("keeps form order and both answers of two fields with the same label", () => {
    const fields = [f("a", "text", { label: "Name" }), f("b", "text", { label: "Name" }), f("c", "text")];
    const list = labelledAnswers(fields, { c: "3", b: "2", a: "1" });
    expect(list.map((x) => x.fieldId)).toEqual(["a", "b", "c"]);
    expect(answersByLabel(list)).toEqual({ Name: "1", "Name (2)": "2", c: "3" });
  });

  it("treats a __proto__ label as an ordinary key", () => {
    const byLabel = answersByLabel([{ fieldId: "x", label: "__proto__", type: "text", value: "v" }]);
    expect(Object.getPrototypeOf(byLabel)).toBe(Object.prototype);
    expect(Object.keys(byLabel)).toEqual(["__proto__"]);
  });
});
