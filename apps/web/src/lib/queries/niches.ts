import { api } from "@/lib/api/typed-client";

/** The company's niches: read by the niches screen and by every niche picker. */
export const nichesQueryKey = ["niches"] as const;

// Checked in development and tests only (see TLazySchema): a niche picker does not download zod to read it.
export const fetchNiches = (signal?: AbortSignal) =>
  api.get("/api/niches", {
    schema: import.meta.env.DEV
      ? () => import("@leadpost/shared/schemas/niches").then((s) => s.ZNicheListSchema)
      : undefined,
    signal,
  });
