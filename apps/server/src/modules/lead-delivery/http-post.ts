import { request as httpRequest } from "node:http";
import { request as httpsRequest } from "node:https";
import type { LookupFunction } from "node:net";
import type { TResolvedAddress } from "./address-guard";

/** How much of the buyer's answer is read (the rest is dropped) and how much is kept in the log. */
const READ_LIMIT = 64 * 1024;
export const EXCERPT_LIMIT = 500;

export type THttpAnswer =
  | { kind: "answered"; statusCode: number; body: string; contentType: string | null }
  | { kind: "timeout" }
  | { kind: "error"; message: string };

/**
 * One POST to `url`, connected to `address` (the one the address guard checked, never a fresh DNS
 * answer), with the URL's host name kept for the Host header and TLS. Redirects are not followed.
 * Never throws: a timeout or a network error is an answer too.
 */
export function postTo(
  url: URL,
  address: TResolvedAddress,
  body: string,
  headers: Record<string, string>,
  timeoutMs: number,
): Promise<THttpAnswer> {
  const pinned: LookupFunction = (_hostname, options, callback) => {
    if ((options as { all?: boolean }).all) {
      (callback as (err: null, addresses: { address: string; family: number }[]) => void)(null, [address]);
    } else callback(null, address.address, address.family);
  };
  const send = url.protocol === "https:" ? httpsRequest : httpRequest;
  return new Promise((resolve) => {
    let settled = false;
    const finish = (answer: THttpAnswer) => {
      if (settled) return;
      settled = true;
      clearTimeout(timer);
      resolve(answer);
    };
    const req = send(
      url,
      {
        method: "POST",
        lookup: pinned,
        headers: { ...headers, "content-length": String(Buffer.byteLength(body)) },
        // One connection per attempt: a kept-alive socket would skip the next attempt's address check.
        agent: false,
      },
      (res) => {
        const chunks: Buffer[] = [];
        let size = 0;
        res.on("data", (chunk: Buffer) => {
          if (size < READ_LIMIT) chunks.push(chunk);
          size += chunk.length;
          if (size >= READ_LIMIT) res.destroy();
        });
        const done = () =>
          finish({
            kind: "answered",
            statusCode: res.statusCode ?? 0,
            body: Buffer.concat(chunks).subarray(0, READ_LIMIT).toString("utf8"),
            contentType: res.headers["content-type"] ?? null,
          });
        res.on("end", done);
        res.on("close", done);
        res.on("error", done);
      },
    );
    // The whole attempt (connect, send, answer) within the timeout, not just an idle socket.
    const timer = setTimeout(() => {
      finish({ kind: "timeout" });
      req.destroy();
    }, timeoutMs);
    req.on("error", (err) => finish({ kind: "error", message: err.message }));
    req.end(body);
  });
}
