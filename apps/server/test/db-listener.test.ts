import { sql } from "drizzle-orm";
import pino from "pino";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createDbListener, type TDbListener } from "../src/db/listener";
import { withAdmin } from "./helpers/finished-databases";
import { createTestDatabase, TEST_DATABASE_URL, type TTestDatabase } from "./helpers/test-database";
import { untilTrue } from "./helpers/until";

const RETRY_MS = 200;
const CHANNEL = "listener_test";

type TLogged = { time: number; msg: string };

describe.skipIf(!TEST_DATABASE_URL)("the database listener on PostgreSQL", () => {
  let database: TTestDatabase;
  let name: string;
  let listener: TDbListener;
  const logged: TLogged[] = [];
  const heard: string[] = [];
  let reconnections = 0;

  const admin = (text: string) => withAdmin(TEST_DATABASE_URL!, (client) => client.query(text));
  /** Ends the listener's connection from the server's side, as a restart or a failover would. */
  const cutListener = () =>
    withAdmin(TEST_DATABASE_URL!, (client) =>
      client.query(
        "select pg_terminate_backend(pid) from pg_stat_activity where datname = $1 and application_name = 'leadpost-listen'",
        [name],
      ),
    );
  const failures = () => logged.filter((l) => l.msg === "database listener could not reconnect");

  beforeAll(async () => {
    database = await createTestDatabase({ migrate: false });
    name = new URL(database.url!).pathname.slice(1);
    const logger = pino({ level: "warn" }, { write: (line: string) => void logged.push(JSON.parse(line)) });
    listener = createDbListener(database.listenSource, logger, { retryDelayMs: RETRY_MS });
    listener.onReconnect(() => {
      reconnections++;
    });
    await listener.listen(CHANNEL, (payload) => heard.push(payload));
  });
  afterAll(async () => {
    await listener?.close();
    await admin(`alter database ${name} allow_connections true`).catch(() => {});
    await database?.dispose();
  });

  const notify = async (payload: string) => {
    await database.db.execute(sql`select pg_notify(${CHANNEL}, ${payload})`);
  };

  it("listens again after its connection is cut", async () => {
    await cutListener();
    expect(await untilTrue(() => reconnections === 1, 10_000)).toBe(true);
    await notify("after the cut");
    expect(await untilTrue(() => heard.includes("after the cut"), 10_000)).toBe(true);
  });

  it("tries once per wait while the database refuses connections, then listens again", async () => {
    // The test's own pool keeps its connections; only new ones are refused.
    await admin(`alter database ${name} allow_connections false`);
    await cutListener();
    expect(await untilTrue(() => failures().length >= 4, 20_000)).toBe(true);
    // One attempt per wait, never two at once: each failure comes a whole wait after the one before.
    const times = failures().map((f) => f.time);
    const gaps = times.slice(1).map((t, i) => t - times[i]!);
    expect(gaps.every((gap) => gap >= RETRY_MS * 0.9)).toBe(true);

    await admin(`alter database ${name} allow_connections true`);
    expect(await untilTrue(() => reconnections === 2, 10_000)).toBe(true);
    await notify("back");
    expect(await untilTrue(() => heard.includes("back"), 10_000)).toBe(true);
  });
});
