import { ZCreateFormSchema } from "@leadpost/shared";
import { describe, expect, it } from "vitest";
import { emptyDraft, moveItem, newField } from "./draft";

describe("builder drafts", () => {
  it("starts with a form the server accepts", () => {
    expect(ZCreateFormSchema.safeParse(emptyDraft()).success).toBe(true);
  });

  it("gives new image fields the 000 §9 defaults and choice fields options", () => {
    expect(newField("image")).toMatchObject({ imageSize: "medium", imageAlignment: "center" });
    expect(newField("radio").options?.length).toBeGreaterThan(0);
    expect(newField("text").id).not.toBe(newField("text").id);
  });

  it("moves an item up and down and ignores moves out of range", () => {
    expect(moveItem(["a", "b", "c"], 0, 2)).toEqual(["b", "c", "a"]);
    expect(moveItem(["a", "b", "c"], 2, 1)).toEqual(["a", "c", "b"]);
    expect(moveItem(["a", "b"], 1, 2)).toEqual(["a", "b"]);
  });
});
