/** Lead returns: buyers return leads they bought, companies approve (refunding credits) or reject. */
export { registerReturnApiRoutes } from "./api-routes";
export { registerBuyerReturnRoutes } from "./buyer-routes";
export { fileReturn } from "./file-return";
export { registerReturnRoutes } from "./routes";
