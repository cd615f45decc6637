import { encodeS3Path, sha256Hex, signS3Request } from "./sigv4";
import type { TS3Settings, TStorage } from "./types";

/** An S3-compatible bucket (AWS, R2, MinIO…), addressed path-style: {endpoint}/{bucket}/{key}. */
export function createS3Storage(settings: TS3Settings, fetchImpl: typeof fetch = fetch): TStorage {
  const objectUrl = (key: string) =>
    new URL(`${settings.endpoint.replace(/\/$/, "")}/${encodeS3Path(`${settings.bucket}/${key}`)}`);

  const send = async (
    method: "PUT" | "GET" | "DELETE",
    key: string,
    body?: Uint8Array,
    contentType?: string,
  ) => {
    const url = objectUrl(key);
    const headers = signS3Request({
      method,
      url,
      headers: contentType ? { "content-type": contentType } : {},
      payloadHash: sha256Hex(body ?? ""),
      region: settings.region,
      accessKeyId: settings.accessKeyId,
      secretAccessKey: settings.secretAccessKey,
      date: new Date(),
    });
    return fetchImpl(url, { method, headers, body, signal: AbortSignal.timeout(20_000) });
  };

  return {
    kind: "s3",
    async put(key, body, contentType) {
      const res = await send("PUT", key, body, contentType);
      if (!res.ok) throw new Error(`S3 PUT ${key} failed: ${res.status} ${(await res.text()).slice(0, 200)}`);
    },
    async get(key) {
      const res = await send("GET", key);
      if (res.status === 404) return null;
      if (!res.ok) throw new Error(`S3 GET ${key} failed: ${res.status}`);
      return {
        body: new Uint8Array(await res.arrayBuffer()),
        contentType: res.headers.get("content-type") ?? "application/octet-stream",
      };
    },
    async delete(key) {
      // S3 answers 204 whether or not the object existed; some compatible stores answer 404.
      const res = await send("DELETE", key);
      if (!res.ok && res.status !== 404) {
        throw new Error(`S3 DELETE ${key} failed: ${res.status} ${(await res.text()).slice(0, 200)}`);
      }
    },
    publicUrl: (key) => `${settings.publicBaseUrl.replace(/\/$/, "")}/${encodeS3Path(key)}`,
  };
}
