import { z } from "zod";

// The dashboard's buyers map (spec 001 §2): where each buyer serves.

export const ZBuyersMapSchema = z.object({
  /** The company's public map token (a browser token by design); null hides the map. */
  mapToken: z.string().nullable(),
  buyers: z.array(
    z.object({
      id: z.string(),
      name: z.string(),
      zipCode: z.string().nullable(),
      latitude: z.number().nullable(),
      longitude: z.number().nullable(),
      serviceRadius: z.number(),
    }),
  ),
});
export type TBuyersMap = z.infer<typeof ZBuyersMapSchema>;
