import pg from "pg";

/**
 * Test files' databases are dropped by the run, not by the files. PostgreSQL's DROP DATABASE waits for a
 * checkpoint of the whole server (2–4 s each on the CI machine, one per file, on the file's own time);
 * drops made together share their checkpoints. A file that is done renames its database to a name of
 * its run (instant, no checkpoint); the global setup drops those in the background, several at a time,
 * and the rest when the run ends (test/global-setup.ts).
 */

/** The name a finished database of run `runId` is renamed to. */
export const finishedName = (runId: string, name: string) => `leadpost_done_${runId}_${name.slice(-12)}`;

/** Hands a file's database over to the run; drops it at once when it cannot be renamed (still in use). */
export async function finishDatabase(adminUrl: string, name: string, runId: string | undefined) {
  await withAdmin(adminUrl, async (admin) => {
    if (runId) {
      // As a forced drop would: connections left open (a server process's pool, say) are ended.
      await admin.query("select pg_terminate_backend(pid) from pg_stat_activity where datname = $1", [name]);
      const renamed = await admin.query(`alter database ${name} rename to ${finishedName(runId, name)}`).then(
        () => true,
        () => false,
      );
      if (renamed) return;
    }
    await admin.query(`drop database if exists ${name} with (force)`);
  });
}

/** Drops run `runId`'s finished databases, `concurrency` at a time; resolves once they are gone. */
export async function dropFinishedDatabases(adminUrl: string, runId: string, concurrency: number) {
  const names = await withAdmin(adminUrl, async (admin) => {
    const { rows } = await admin.query<{ datname: string }>(
      "select datname from pg_database where datname like $1",
      [`${finishedName(runId, "")}%`],
    );
    return rows.map((r) => r.datname);
  });
  const next = () => names.shift();
  await Promise.all(
    Array.from({ length: Math.min(concurrency, names.length) }, async () => {
      for (let name = next(); name; name = next()) {
        const dropped = name;
        await withAdmin(adminUrl, (admin) => admin.query(`drop database if exists ${dropped} with (force)`));
      }
    }),
  );
}

/** Drops finished databases every few seconds while the run goes on; `stop` ends it and drops the rest. */
export function startDroppingFinished(adminUrl: string, runId: string) {
  let stopped = false;
  let round: Promise<void> = Promise.resolve();
  const timer = setInterval(() => {
    round = round
      .then(() => (stopped ? undefined : dropFinishedDatabases(adminUrl, runId, 4)))
      .catch(() => {});
  }, 5_000);
  return async () => {
    stopped = true;
    clearInterval(timer);
    await round;
    await dropFinishedDatabases(adminUrl, runId, 8);
  };
}

/** Runs `fn` on a connection of its own to the server's admin database. */
export async function withAdmin<T>(url: string, fn: (admin: pg.Client) => Promise<T>): Promise<T> {
  const admin = new pg.Client({ connectionString: url });
  await admin.connect();
  try {
    return await fn(admin);
  } finally {
    await admin.end();
  }
}
