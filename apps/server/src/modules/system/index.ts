/** Health, version and the API documentation. */
export { registerApiDocs } from "./api-docs";
export { registerSystemRoutes } from "./routes";
