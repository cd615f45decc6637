import { describe, expect, it } from "vitest";
import { z } from "zod";
import * as shared from "../index";
import { patchSchemaOf } from "./patch";

describe("patchSchemaOf", () => {
  it("keeps the create schema's rules but adds no defaults", () => {
    const create = z.object({ on: z.boolean().default(true), name: z.string().min(2) });
    const patch = patchSchemaOf(create.shape);
    expect(create.parse({ name: "ab" })).toEqual({ on: true, name: "ab" });
    expect(patch.parse({ name: "ab" })).toEqual({ name: "ab" });
    expect(patch.parse({})).toEqual({});
    expect(patch.safeParse({ name: "a" }).success).toBe(false);
  });
});

describe("every exported edit schema", () => {
  // A PATCH body naming nothing must come out of the parser naming nothing (or be refused).
  const edits = Object.entries(shared).filter(
    ([name, value]) => /^Z\w*(Patch|Update)\w*Schema$/.test(name) && value instanceof z.ZodType,
  ) as [string, z.ZodType][];

  it("are found", () => {
    expect(edits.map(([name]) => name)).toEqual(
      expect.arrayContaining(["ZPhoneNumberPatchSchema", "ZAgentPatchSchema", "ZUpdateBuyerSchema"]),
    );
  });

  it.each(edits)("%s fills in no field that was not sent", (_name, schema) => {
    const parsed = schema.safeParse({});
    if (parsed.success) expect(parsed.data).toEqual({});
  });
});
