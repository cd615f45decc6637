import { createServer, request as httpRequest, type IncomingMessage } from "node:http";
import type { AddressInfo } from "node:net";

/**
 * A small load balancer in front of server instances, as nginx or Caddy would be: each request goes to
 * the next upstream in turn (round robin), responses stream back as they come (Server-Sent Events
 * included), `X-Forwarded-For` carries the client. An upstream that refuses the connection (it is down)
 * is skipped for the next one, the request having never reached it (nginx's proxy_next_upstream error),
 * and left out for a few seconds (nginx's max_fails/fail_timeout); a request cut off inside an upstream
 * gets 502, like from a real proxy.
 */
export async function startRoundRobinProxy(upstreams: readonly string[]) {
  // Read at each request: instances may join after the proxy started (so they can know its address).
  let turn = 0;
  /** Upstreams that refused a connection, until when they are left out. */
  const downUntil = new Map<string, number>();
  const pick = () => {
    for (let i = 0; i < upstreams.length; i++) {
      const upstream = upstreams[turn++ % upstreams.length]!;
      if ((downUntil.get(upstream) ?? 0) <= Date.now()) return upstream;
    }
    return upstreams[turn++ % upstreams.length]!;
  };
  /** Requests answered per upstream (its URL). */
  const served = new Map<string, number>();

  const server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on("data", (c: Buffer) => chunks.push(c));
    req.on("end", () => forward(Buffer.concat(chunks), 0));

    function forward(body: Buffer, tried: number) {
      const upstream = pick();
      const target = new URL(upstream);
      const out = httpRequest(
        {
          hostname: target.hostname,
          port: target.port,
          method: req.method,
          path: req.url,
          headers: {
            ...req.headers,
            host: req.headers.host ?? target.host,
            "x-forwarded-for": req.socket.remoteAddress ?? "",
          },
        },
        (answer: IncomingMessage) => {
          served.set(upstream, (served.get(upstream) ?? 0) + 1);
          res.writeHead(answer.statusCode ?? 502, answer.headers);
          answer.pipe(res);
          answer.on("error", () => res.destroy());
        },
      );
      out.on("error", (err: NodeJS.ErrnoException) => {
        if (err.code === "ECONNREFUSED") downUntil.set(upstream, Date.now() + 5_000);
        if (err.code === "ECONNREFUSED" && !res.headersSent && tried + 1 < upstreams.length) {
          forward(body, tried + 1);
          return;
        }
        if (res.headersSent) res.destroy();
        else res.writeHead(502, { "content-type": "text/plain" }).end("Bad gateway");
      });
      res.on("close", () => out.destroy());
      out.end(body);
    }
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    served,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
