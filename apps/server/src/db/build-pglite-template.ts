// Build step (apps/server/build.mjs): writes dist/pglite-template, the database new data folders copy.

import { pgliteTemplateDir } from "./pglite-template";
import { buildPgliteTemplate } from "./pglite-template-build";

await buildPgliteTemplate();
console.log(`embedded database template: ${pgliteTemplateDir()}`);
