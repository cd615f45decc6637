import { ZNicheListSchema } from "@leadpost/shared";
import { api } from "@/lib/api/typed-client";

/** The company's niches: read by the niches screen and by every niche picker. */
export const nichesQueryKey = ["niches"] as const;

export const fetchNiches = (signal?: AbortSignal) =>
  api.get("/api/niches", { schema: ZNicheListSchema, signal });
