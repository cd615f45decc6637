// npm run api:generate: writes the OpenAPI document's paths as types for the web app's typed client.
import { writeFileSync } from "node:fs";
import { openApiPathsSource, servedOpenApiDocument, WEB_PATHS_FILE } from "./openapi-paths";

writeFileSync(WEB_PATHS_FILE, await openApiPathsSource(await servedOpenApiDocument()));
console.log(`OpenAPI paths written: ${WEB_PATHS_FILE}`);
