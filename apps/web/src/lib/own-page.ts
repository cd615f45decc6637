// Addresses the app does not draw: the sign-in page is a page of its own (login.html, served by the API
// server and by Vite for /login and /auth/login). When the app's router reaches one, the browser loads
// the address anew and the server answers with that page.

const LOADED_KEY = "leadpost-own-page-load";
/** A second load of the same address this soon means the server answered it with the app again. */
const LOOP_WINDOW_MS = 10_000;

/**
 * Loads `href` as a new document, replacing the current history entry. Refuses (returns false) when this
 * tab already did so for the same address moments ago and got the app back, so a server that does not
 * serve the page can never make the browser load it over and over. Got the app back means this very
 * document was loaded at `href`: a load that never arrived (the user went elsewhere first) is no loop.
 */
export function loadOwnPage(href: string, now = Date.now(), loadedAt = documentAddress()): boolean {
  try {
    const last = JSON.parse(window.sessionStorage.getItem(LOADED_KEY) ?? "null") as {
      href?: string;
      at?: number;
    } | null;
    const recent = typeof last?.at === "number" && now - last.at < LOOP_WINDOW_MS;
    if (last?.href === href && recent && sameAddress(loadedAt, href)) return false;
    window.sessionStorage.setItem(LOADED_KEY, JSON.stringify({ href, at: now }));
  } catch {
    // No storage: load anyway.
  }
  window.location.replace(href);
  return true;
}

/** Called by a page of its own once it runs: the load reached it, so the next one may too. */
export function ownPageLoaded(): void {
  try {
    window.sessionStorage.removeItem(LOADED_KEY);
  } catch {
    // Nothing stored that we could reach.
  }
}

/** The address this document was loaded at (not where the router has taken it since). */
function documentAddress(): string {
  const [entry] = performance.getEntriesByType?.("navigation") ?? [];
  return entry?.name ?? window.location.href;
}

const sameAddress = (a: string, b: string) => {
  const [x, y] = [new URL(a, window.location.origin), new URL(b, window.location.origin)];
  return x.pathname === y.pathname && x.search === y.search;
};
