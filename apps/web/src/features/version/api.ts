import { type TVersion, ZVersionSchema } from "@leadpost/shared";

/** The running build's version; never cached (spec 000 §7.1). */
export async function fetchVersion(): Promise<TVersion> {
  const response = await fetch("/version.json", {
    cache: "no-store",
    headers: { Accept: "application/json" },
  });
  if (!response.ok) throw new Error(`GET /version.json answered ${response.status}`);
  return ZVersionSchema.parse(await response.json());
}
