import { describe, expect, it } from "vitest";
import { ZCreateFormSchema, ZUpdateFormSchema } from "../schemas/forms";
import { isDrawnInputField, normalizeFormFields } from "./form-fields";

describe("normalizeFormFields", () => {
  const good = { id: "a", type: "text", label: "Name", required: true };

  it("accepts a list or a JSON string holding one", () => {
    expect(normalizeFormFields([good])).toEqual([{ ...good, width: "full" }]);
    expect(normalizeFormFields(JSON.stringify([good]))).toEqual([{ ...good, width: "full" }]);
  });

  it("drops entries lacking id, type, label or required, and anything else undrawable", () => {
    const fields = normalizeFormFields([
      good,
      { type: "text", label: "No id", required: true },
      { id: "b", label: "No type", required: true },
      { id: "c", type: "text", required: true },
      { id: "d", type: "text", label: "No required" },
      { id: "e", type: "video", label: "Unknown type", required: false },
      { ...good, label: "Same id again" },
      null,
      "text",
    ]);
    expect(fields.map((x) => x.label)).toEqual(["Name"]);
  });

  it("gives nothing for a broken string or a non-list", () => {
    expect(normalizeFormFields("[{")).toEqual([]);
    expect(normalizeFormFields({ id: "a" })).toEqual([]);
    expect(normalizeFormFields(null)).toEqual([]);
  });

  it("fills the image defaults of 000 §9 and keeps explicit ones", () => {
    const [image, custom] = normalizeFormFields([
      { id: "i", type: "image", label: "Logo", required: false, src: "https://cdn.example.com/a.png" },
      { id: "j", type: "image", label: "Logo", required: false, imageSize: "large" },
    ]);
    expect(image).toMatchObject({
      imageSize: "medium",
      imageAlignment: "center",
      padding: { top: 0, right: 0, bottom: 0, left: 0 },
      margin: { top: 0, right: 0, bottom: 0, left: 0 },
    });
    expect(custom?.imageSize).toBe("large");
  });

  it("refuses script URLs in image sources", () => {
    expect(
      normalizeFormFields([
        { id: "i", type: "image", label: "x", required: false, src: "javascript:alert(1)" },
      ]),
    ).toEqual([]);
  });
});

describe("isDrawnInputField", () => {
  it("leaves out layout fields and choice fields without options", () => {
    const base = { id: "x", label: "x", required: false, width: "full" as const };
    expect(isDrawnInputField({ ...base, type: "heading" })).toBe(false);
    expect(isDrawnInputField({ ...base, type: "select" })).toBe(false);
    expect(isDrawnInputField({ ...base, type: "radio", options: ["a"] })).toBe(true);
    expect(isDrawnInputField({ ...base, type: "checkbox" })).toBe(true);
  });
});

describe("form schemas", () => {
  it("a new form gets the defaults of 001 §3", () => {
    expect(ZCreateFormSchema.parse({ title: "Quote" })).toMatchObject({
      backgroundOpacity: 100,
      textColor: "#000000",
      accentColor: "#3182ce",
      accentOpacity: 10,
      submitButtonPosition: "center",
      submitButtonWidth: "default",
      saleCap: 1,
      fields: [],
      buyerIds: [],
    });
  });

  it("an update adds no defaults, so unsent settings stay as stored", () => {
    expect(ZUpdateFormSchema.parse({ title: "New" })).toEqual({ title: "New" });
    expect(ZUpdateFormSchema.safeParse({}).success).toBe(false);
  });

  it("allows only the listed sale caps, hex colours and safe redirect URLs", () => {
    expect(ZCreateFormSchema.safeParse({ title: "x", saleCap: 4 }).success).toBe(false);
    expect(ZCreateFormSchema.safeParse({ title: "x", saleCap: 10 }).success).toBe(true);
    expect(ZCreateFormSchema.safeParse({ title: "x", textColor: "red" }).success).toBe(false);
    expect(ZCreateFormSchema.safeParse({ title: "x", redirectUrl: "javascript:alert(1)" }).success).toBe(
      false,
    );
    expect(ZCreateFormSchema.safeParse({ title: "x", redirectUrl: "//evil.example" }).success).toBe(false);
    expect(
      ZCreateFormSchema.safeParse({ title: "x", redirectUrl: "https://ok.example/thanks" }).success,
    ).toBe(true);
  });

  it("refuses two fields with the same id", () => {
    const field = { id: "a", type: "text", label: "A", required: false };
    const result = ZCreateFormSchema.safeParse({ title: "x", fields: [field, field] });
    expect(result.success).toBe(false);
  });
});
