import { type TCreateNicheInput, type TUpdateNiche, ZNicheResultSchema } from "@leadpost/shared";
import { z } from "zod";
import { api } from "@/lib/api/typed-client";

export { fetchNiches, nichesQueryKey } from "@/lib/queries/niches";

export const createNiche = (input: TCreateNicheInput) =>
  api.post("/api/niches", { body: input, schema: ZNicheResultSchema });

export const updateNiche = (nicheId: string, input: TUpdateNiche) =>
  api.patch("/api/niches/{nicheId}", { params: { nicheId }, body: input, schema: ZNicheResultSchema });

export const deleteNiche = (nicheId: string) =>
  api.delete("/api/niches/{nicheId}", {
    params: { nicheId },
    schema: z.object({ success: z.literal(true), message: z.string() }),
  });
