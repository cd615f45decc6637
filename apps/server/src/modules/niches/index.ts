/** Niches: the company's lead categories; buyers belong to one. */
export { registerNicheRoutes } from "./routes";
export { assertOwnNiche } from "./service";
