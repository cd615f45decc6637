import type { TCreateNicheInput, TUpdateNiche } from "@leadpost/shared";
import { api } from "@/lib/api/typed-client";
import { devSchemas } from "@/lib/dev-schemas";

// The answers' schemas are checked in development and tests only (./api-schemas): a production build
// types the answers, so the screen does not download zod to read them.
const schema = devSchemas(import.meta.env.DEV ? () => import("./api-schemas") : undefined);
const ZNicheResultSchema = schema("ZNicheResultSchema");
const ZNicheDeleteResultSchema = schema("ZNicheDeleteResultSchema");

export { fetchNiches, nichesQueryKey } from "@/lib/queries/niches";

export const createNiche = (input: TCreateNicheInput) =>
  api.post("/api/niches", { body: input, schema: ZNicheResultSchema });

export const updateNiche = (nicheId: string, input: TUpdateNiche) =>
  api.patch("/api/niches/{nicheId}", { params: { nicheId }, body: input, schema: ZNicheResultSchema });

export const deleteNiche = (nicheId: string) =>
  api.delete("/api/niches/{nicheId}", { params: { nicheId }, schema: ZNicheDeleteResultSchema });
