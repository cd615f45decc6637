// The buyer application form's rules (zod and the phone library), loaded on the form's first submit (listed
// in apps/web/on-demand.mjs).
export { ZBuyerApplicationSchema } from "@leadpost/shared";
