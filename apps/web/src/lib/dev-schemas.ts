/**
 * Answer schemas checked in development and tests only. A feature passes
 * `import.meta.env.DEV ? () => import("./api-schemas") : undefined`, so a production build drops the
 * import (and zod with it) and types the answers instead: a page does not download zod to read them.
 */
export function devSchemas<M>(load: (() => Promise<M>) | undefined) {
  return <K extends keyof M>(name: K): (() => Promise<M[K]>) | undefined =>
    load && (() => load().then((schemas) => schemas[name]));
}
