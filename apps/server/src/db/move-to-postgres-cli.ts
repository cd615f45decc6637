// npm run db:move-to-postgres -- --to postgres://user:pass@host:5432/leadpost [--data-dir ./data]
// Moves an embedded installation (PGlite under DATA_DIR) into an empty PostgreSQL database.
import { existsSync } from "node:fs";
import { join, resolve } from "node:path";
import { parseArgs } from "node:util";
import { MoveError, moveToPostgres } from "./move-to-postgres";

const usage =
  "Usage: npm run db:move-to-postgres -- --to postgres://user:password@host:5432/database [--data-dir ./data]";

async function main(): Promise<number> {
  let values: { to?: string; "data-dir"?: string };
  try {
    ({ values } = parseArgs({
      options: { to: { type: "string" }, "data-dir": { type: "string" } },
      allowPositionals: false,
    }));
  } catch (err) {
    console.error(`${(err as Error).message}\n${usage}`);
    return 2;
  }
  const url = values.to;
  if (!url || !/^postgres(ql)?:\/\//.test(url)) {
    console.error(`--to must be the PostgreSQL address (postgres://…).\n${usage}`);
    return 2;
  }
  // Paths are the caller's: npm runs this in apps/server but keeps where it was started in INIT_CWD.
  // The default is the folder `npm start` uses: DATA_DIR, else ./data.
  const dataDir = resolve(process.env.INIT_CWD ?? ".", values["data-dir"] ?? process.env.DATA_DIR ?? "data");
  console.log(`Moving the embedded database in ${dataDir} to PostgreSQL…`);
  try {
    const report = await moveToPostgres({ dataDir, url, log: (line) => console.log(`  ${line}`) });
    const rows = report.tables.reduce((sum, t) => sum + t.rows, 0);
    console.log(`Done: ${rows} rows in ${report.tables.length} tables.`);
  } catch (err) {
    if (err instanceof MoveError) {
      console.error(err.message);
      return 1;
    }
    throw err;
  }
  console.log(
    "\nNext, start the server with DATABASE_URL set to that address, and keep from the old folder:",
  );
  for (const [file, variable] of [
    [".encryption-key", "ENCRYPTION_KEY"],
    [".auth-secret", "AUTH_SECRET"],
  ] as const) {
    if (existsSync(join(dataDir, file))) {
      console.log(
        `  - ${variable}: the contents of ${join(dataDir, file)} (or stored secrets cannot be read / sessions end)`,
      );
    }
  }
  if (existsSync(join(dataDir, "uploads"))) {
    console.log(
      `  - uploaded files: copy ${join(dataDir, "uploads")} to the new DATA_DIR/uploads (or to the S3 bucket)`,
    );
  }
  return 0;
}

main().then(
  (code) => process.exit(code),
  (err) => {
    console.error(err);
    process.exit(1);
  },
);
