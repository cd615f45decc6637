/** Leads: storing leads, the company's lead list, detail and export. */
export { leadFromSubmission, type TLeadFromSubmission } from "./create-lead";
export { leadSearchCondition } from "./filters";
export { registerLeadRoutes } from "./routes";
export { answersOf } from "./service";
