// An open-loop load at a steady rate: one request every 1/rate seconds, each timed from the moment it
// was due (not from when it was sent), so a server that falls behind is charged for the wait it causes.
// autocannon's rate limit sends each connection's share of a second at once at the start of every
// second, so its latency at a "rate" measures queueing behind that burst, not the rate itself.
import http from "node:http";

/**
 * Sends `rate` requests per second for `seconds`, evenly spaced, over at most `connections` keep-alive
 * sockets. `request()` gives each request's { method, path, headers, body }.
 * Returns { sent, ok (2xx), non2xx, errors, latency: { p50, p99, max } } in milliseconds.
 */
export async function pacedLoad({ origin, rate, seconds, connections, request }) {
  const url = new URL(origin);
  const agent = new http.Agent({ keepAlive: true, maxSockets: connections });
  const total = Math.round(rate * seconds);
  const gap = 1000 / rate;
  const latencies = [];
  let ok = 0;
  let non2xx = 0;
  let errors = 0;
  const pending = new Set();

  const fire = (due) => {
    const { method, path, headers, body } = request();
    const done = new Promise((resolve) => {
      const req = http.request(
        { host: url.hostname, port: url.port, method, path, headers, agent },
        (res) => {
          res.resume();
          res.on("end", () => {
            latencies.push(performance.now() - due);
            if (res.statusCode >= 200 && res.statusCode < 300) ok += 1;
            else non2xx += 1;
            resolve();
          });
        },
      );
      req.on("error", () => {
        errors += 1;
        resolve();
      });
      req.end(body);
    });
    pending.add(done);
    done.then(() => pending.delete(done));
  };

  const start = performance.now();
  let sent = 0;
  while (sent < total) {
    const now = performance.now();
    // Every request already due goes now, each timed from its own due moment.
    while (sent < total && start + sent * gap <= now) {
      fire(start + sent * gap);
      sent += 1;
    }
    const next = start + sent * gap;
    await new Promise((r) => setTimeout(r, Math.max(0, next - performance.now())));
  }
  await Promise.all(pending);
  agent.destroy();
  latencies.sort((a, b) => a - b);
  const at = (q) =>
    Math.round(latencies[Math.min(latencies.length - 1, Math.floor(q * latencies.length))] ?? 0);
  return {
    sent,
    ok,
    non2xx,
    errors,
    latency: { p50: at(0.5), p99: at(0.99), max: Math.round(latencies.at(-1) ?? 0) },
  };
}
