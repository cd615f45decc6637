import { type TCreateNicheInput, type TUpdateNiche, ZNicheResultSchema } from "@leadpost/shared";
import { z } from "zod";
import { apiClient } from "@/lib/api-client";

export { fetchNiches, nichesQueryKey } from "@/lib/queries/niches";

export const createNiche = (input: TCreateNicheInput) =>
  apiClient.post("/api/niches", input, { schema: ZNicheResultSchema });

export const updateNiche = (nicheId: string, input: TUpdateNiche) =>
  apiClient.patch(`/api/niches/${nicheId}`, input, { schema: ZNicheResultSchema });

export const deleteNiche = (nicheId: string) =>
  apiClient.delete(`/api/niches/${nicheId}`, {
    schema: z.object({ success: z.literal(true), message: z.string() }),
  });
