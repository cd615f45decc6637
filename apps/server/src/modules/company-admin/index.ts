/** Platform admins' management of one company: trial, exemption, plan by hand, suspension. */
export { registerAdminCompanyRoutes } from "./routes";
