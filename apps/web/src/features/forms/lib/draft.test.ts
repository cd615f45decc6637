// @vitest-environment node
import { ZCreateFormSchema } from "@leadpost/shared";
import { describe, expect, it } from "vitest";
import { draftForSave, emptyDraft, insertField, moveItem, newField } from "./draft";

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

  it("adds a new field above the Submit button, after the selected field otherwise", () => {
    const draft = emptyDraft();
    const submit = draft.fields[2];
    const added = newField("tel");
    const noSelection = insertField(draft.fields, added, null);
    expect(noSelection.map((f) => f.type)).toEqual(["text", "email", "tel", "submit"]);
    const submitSelected = insertField(draft.fields, added, submit?.id ?? null);
    expect(submitSelected.map((f) => f.type)).toEqual(["text", "email", "tel", "submit"]);
    const firstSelected = insertField(draft.fields, added, draft.fields[0]?.id ?? null);
    expect(firstSelected.map((f) => f.type)).toEqual(["text", "tel", "email", "submit"]);
  });

  it("drops blank option lines before saving", () => {
    const draft = emptyDraft();
    const pick = { ...newField("select"), options: ["Red", "", "  ", "Blue"] };
    const saved = draftForSave({ ...draft, fields: [...draft.fields, pick] });
    expect(saved.fields.at(-1)?.options).toEqual(["Red", "Blue"]);
    expect(ZCreateFormSchema.safeParse(saved).success).toBe(true);
  });
});
