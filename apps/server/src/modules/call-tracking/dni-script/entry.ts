// The bundle's entry (bundle.ts, build.mjs): starts the script with the company's configuration, the
// parameter of the closure the server wraps the bundle in. No export and no global name: the bundle
// carries none of a module's export helpers and leaves nothing on the page.
import { start } from "./browser";
import type { TDniConfig } from "./config";

declare const LEADPOST_DNI_CONFIG: TDniConfig;

start(LEADPOST_DNI_CONFIG);
