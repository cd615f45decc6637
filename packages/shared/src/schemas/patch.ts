import { z } from "zod";

// A PATCH body changes only the keys it names. zod 4's `.partial()` keeps each field's `.default()`,
// so a body naming one field would come out of the parser with every other field's default and
// overwrite the stored settings. Patch schemas are built here instead, from the create schema's shape.

type TWithoutDefault<S> = S extends z.ZodDefault<infer Inner> ? Inner : S;
export type TPatchShape<S extends z.ZodRawShape> = { [K in keyof S]: z.ZodOptional<TWithoutDefault<S[K]>> };

/** Every field optional and none defaulted: an absent key stays absent after parsing. */
export function patchSchemaOf<S extends z.ZodRawShape>(shape: S): z.ZodObject<TPatchShape<S>> {
  const fields = Object.fromEntries(
    Object.entries(shape).map(([key, field]) => {
      const bare = field instanceof z.ZodDefault ? field.unwrap() : field;
      return [key, (bare as z.ZodType).optional()];
    }),
  );
  return z.object(fields) as unknown as z.ZodObject<TPatchShape<S>>;
}
