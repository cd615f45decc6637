// The niche form's rules (zod), loaded on the form's first submit (listed in apps/web/on-demand.mjs).
export { ZCreateNicheSchema } from "@leadpost/shared";
