/** Leads: the company's lead list, detail and export (a lead is made by lead-distribution's intake). */
export { leadSearchCondition } from "./filters";
export { registerLeadRoutes } from "./routes";
