import type { TVersion } from "@leadpost/shared";

/** The shape of ZVersionSchema, checked by hand: the update check is part of every page's first load. */
function parseVersion(body: unknown): TVersion {
  const { version, builtAt } = (typeof body === "object" && body !== null ? body : {}) as Record<
    string,
    unknown
  >;
  if (typeof version !== "string" || typeof builtAt !== "string") {
    throw new Error("/version.json did not answer { version, builtAt }");
  }
  return { version, builtAt };
}

/** The running build's version; never cached (spec 000 §7.1). */
export async function fetchVersion(): Promise<TVersion> {
  const response = await fetch("/version.json", {
    cache: "no-store",
    headers: { Accept: "application/json" },
  });
  if (!response.ok) throw new Error(`GET /version.json answered ${response.status}`);
  return parseVersion(await response.json());
}
