import { mkdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { hostname } from "node:os";
import { resolve } from "node:path";

export class DataDirLockedError extends Error {}

type TOwner = { pid: number; host: string; started: string | null };

/** The kernel's start time of a process: a pid reused after a crash (pid 1 in a container) differs. */
function processStart(pid: number): string | null {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, "utf8");
    return stat.slice(stat.lastIndexOf(")") + 2).split(" ")[19] ?? null;
  } catch {
    return null;
  }
}

function isAlive(owner: TOwner): boolean {
  if (owner.host !== hostname()) return true; // another machine on a shared folder: never steal it
  try {
    process.kill(owner.pid, 0);
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code !== "EPERM") return false;
  }
  return owner.started === null || processStart(owner.pid) === owner.started;
}

/**
 * One process per embedded-database folder: PGlite takes no lock itself, and two processes on one
 * folder each see only their own writes. A lock left by a process that died (kill -9, power loss) is
 * taken over; a live owner makes this start fail with a message naming the folder and its pid.
 */
export function lockDataDir(dataDir: string): () => void {
  const dir = resolve(dataDir);
  mkdirSync(dir, { recursive: true });
  const file = resolve(dir, "leadpost.lock");
  const me: TOwner = { pid: process.pid, host: hostname(), started: processStart(process.pid) };
  for (let attempt = 0; attempt < 3; attempt++) {
    try {
      writeFileSync(file, JSON.stringify(me), { flag: "wx" });
      let released = false;
      return () => {
        if (released) return;
        released = true;
        rmSync(file, { force: true });
      };
    } catch (err) {
      if ((err as NodeJS.ErrnoException).code !== "EEXIST") throw err;
    }
    let owner: TOwner | null = null;
    try {
      owner = JSON.parse(readFileSync(file, "utf8")) as TOwner;
    } catch {
      owner = null; // half-written by a process that died mid-write
    }
    if (owner && isAlive(owner)) {
      throw new DataDirLockedError(
        `The data folder ${dir} is in use by another Leadpost process (pid ${owner.pid} on ${owner.host}). ` +
          "Stop that process first, or start this one with another DATA_DIR.",
      );
    }
    rmSync(file, { force: true });
  }
  throw new DataDirLockedError(`The data folder ${dir} could not be locked (${file}).`);
}
