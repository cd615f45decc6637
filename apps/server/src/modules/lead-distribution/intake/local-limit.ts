/**
 * Fixed-window submission limits counted in this process first, the shared PostgreSQL counter only
 * when an address (or a form) gets busy (docs/operations.md "Several instances"). For a limit of L per
 * window, each instance lets the first ⌊L/2⌋ hits of a key through on its own count, with no write;
 * past that it asks the shared counter, which allows L − ⌊L/2⌋ more across all instances. One
 * instance therefore allows exactly L; N instances at most L + (N − 1)·⌊L/2⌋, about (N + 1)/2 × L
 * (1.5× with two). A key that does not fit in memory (more than MAX_KEYS live at once) is counted
 * wholly by the shared counter, against L.
 */
export type TLocalVerdict =
  /** Within this instance's own share: nothing to write. */
  | { kind: "local" }
  /** Ask the shared counter, which allows `max` hits in its window. */
  | { kind: "shared"; max: number }
  /** Over the limit on this instance alone. */
  | { kind: "refused"; retryAfterSeconds: number };

const MAX_KEYS = 100_000;

type TWindow = { start: number; count: number };

export class LocalFirstLimits {
  // Insertion order is window-start order (a window that restarts is moved to the end), so expired
  // windows are always at the front.
  private readonly windows = new Map<string, TWindow>();

  constructor(
    private readonly windowMs: number,
    private readonly maxKeys = MAX_KEYS,
  ) {}

  /** Counts one hit of `key` against `max` per window. */
  hit(key: string, max: number, now = Date.now()): TLocalVerdict {
    let w = this.windows.get(key);
    if (!w || w.start <= now - this.windowMs) {
      if (w) this.windows.delete(key);
      this.dropExpired(now);
      if (this.windows.size >= this.maxKeys) return { kind: "shared", max };
      w = { start: now, count: 0 };
      this.windows.set(key, w);
    }
    w.count += 1;
    if (w.count > max) {
      return {
        kind: "refused",
        retryAfterSeconds: Math.max(1, Math.ceil((w.start + this.windowMs - now) / 1000)),
      };
    }
    const own = Math.floor(max / 2);
    return w.count <= own ? { kind: "local" } : { kind: "shared", max: max - own };
  }

  /** Takes back a hit that turned out to be a replay (replays are not counted). */
  undo(key: string): void {
    const w = this.windows.get(key);
    if (w && w.count > 0) w.count -= 1;
  }

  private dropExpired(now: number) {
    for (const [key, w] of this.windows) {
      if (w.start > now - this.windowMs) return;
      this.windows.delete(key);
    }
  }
}

// One set of counters per running app (its config object): one per process in production; test apps
// in one process keep theirs apart.
const byApp = new WeakMap<object, LocalFirstLimits>();

export function submissionLimitsOf(app: object, windowMs: number): LocalFirstLimits {
  let limits = byApp.get(app);
  if (!limits) {
    limits = new LocalFirstLimits(windowMs);
    byApp.set(app, limits);
  }
  return limits;
}
