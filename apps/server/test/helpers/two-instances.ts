import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { startRoundRobinProxy } from "./round-robin-proxy";
import { spawnServer, type TServerProcess, waitHealthy } from "./server-process";
import { TEST_AUTH_SECRET } from "./test-app";

export type TTwoInstances = {
  a: TServerProcess;
  b: TServerProcess;
  proxy: Awaited<ReturnType<typeof startRoundRobinProxy>>;
  /** Kills whichever instance still runs, closes the proxy and removes both data folders. */
  stop(): Promise<void>;
};

/**
 * Two server processes on one PostgreSQL behind a round-robin proxy, both told the proxy's address is
 * theirs (PUBLIC_URL) and trusting its one hop, as production runs them (docs/operations.md "Several
 * instances"). `env` adds each instance's own settings.
 */
export async function startTwoInstances(
  databaseUrl: string,
  env: Record<string, string>,
  opts: { label: string; built?: boolean },
): Promise<TTwoInstances> {
  const dataDirs: string[] = [];
  const upstreams: string[] = [];
  const proxy = await startRoundRobinProxy(upstreams);
  const instance = (name: string) => {
    const dataDir = mkdtempSync(join(tmpdir(), `lp-${opts.label}-${name}-`));
    dataDirs.push(dataDir);
    return spawnServer(
      {
        DATABASE_URL: databaseUrl,
        DATA_DIR: dataDir,
        AUTH_SECRET: TEST_AUTH_SECRET,
        PUBLIC_URL: proxy.url,
        TRUST_PROXY: "1",
        ...env,
      },
      { built: opts.built },
    );
  };
  const [a, b] = await Promise.all([instance("a"), instance("b")]);
  await Promise.all([waitHealthy(a), waitHealthy(b)]);
  upstreams.push(a.url, b.url);
  return {
    a,
    b,
    proxy,
    async stop() {
      for (const server of [a, b]) {
        if (server.child.exitCode === null && server.child.signalCode === null) {
          server.child.kill("SIGKILL");
          await server.exited;
        }
      }
      await proxy.close();
      for (const dir of dataDirs) rmSync(dir, { recursive: true, force: true });
    },
  };
}
