/** Server-sent events fed by Postgres LISTEN/NOTIFY. */
export { notify } from "./notify";
export { registerRealtimeRoutes } from "./routes";
