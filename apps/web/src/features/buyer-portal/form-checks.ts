// The buyer profile form's rules (zod and the phone library), loaded on the form's first submit (listed in
// apps/web/on-demand.mjs).
export { ZBuyerProfileUpdateSchema } from "@leadpost/shared";
