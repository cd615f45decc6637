import { ZNicheListSchema } from "@leadpost/shared";
import { apiClient } from "@/lib/api-client";

/** The company's niches: read by the niches screen and by every niche picker. */
export const nichesQueryKey = ["niches"] as const;

export const fetchNiches = (signal?: AbortSignal) =>
  apiClient.get("/api/niches", { schema: ZNicheListSchema, signal });
