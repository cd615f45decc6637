/// <reference lib="dom" />
import type { Browser, Page, Request } from "@playwright/test";
import type { RouteObject } from "react-router";
import { expect, signInOnLogin, test } from "../fixtures/server";

// Opens every route of the app's router, as every role, at a phone's and a laptop's width, and fails on
// horizontal overflow, a toast over a primary button, a label repeated in an open dialog, developer text
// on screen, or a failed API call. The list of routes is the
// router's own table: a new screen is swept without editing this file.

type TRole = { name: string; email: string | null; portal?: "company" | "buyer" };
const ROLES: TRole[] = [
  { name: "signed out", email: null },
  { name: "owner", email: "owner@leadpost.test", portal: "company" },
  { name: "org admin", email: "manager@leadpost.test", portal: "company" },
  { name: "member", email: "member@leadpost.test", portal: "company" },
  { name: "buyer", email: "buyer@leadpost.test", portal: "buyer" },
  { name: "platform admin", email: "admin@leadpost.test", portal: "company" },
];
const WIDTHS = [1280, 390];
// The public form page is its own small page (apps/web/form.html), not a route of the app's router.
const PUBLIC_FORM_PAGES = ["/forms/:formId", "/forms/:formId/embed"];
// Pages of their own, opened by loading them: the public form (form.html) and the sign-in page
// (login.html, which the router's /login and /auth/login routes load anew).
const OWN_PAGE = /^\/forms\/|^\/(auth\/)?login$/;
const SIGN_IN_PAGE = /^\/(auth\/)?login$/;

// Each role is its own test; they may run side by side in several workers.
test.describe.configure({ mode: "parallel" });

/** Every path pattern of the route table, parents joined to children ("/buyer" + "dashboard"). */
export function routePatterns(table: RouteObject[], parent = ""): string[] {
  const out: string[] = [];
  for (const route of table) {
    const own = route.path ?? "";
    const full = own.startsWith("/") ? own : [parent, own].filter(Boolean).join("/").replace(/\/+/g, "/");
    const path = full.startsWith("/") ? full : `/${full}`;
    if (route.path !== undefined || route.index) out.push(path);
    if (route.children) out.push(...routePatterns(route.children, route.path !== undefined ? path : parent));
  }
  return [...new Set(out)];
}

/** A pattern made openable: params from real demo ids, splats as an old or unknown address. */
function expand(pattern: string, params: Record<string, string>): string {
  return pattern
    .split("/")
    .map((segment) => {
      if (segment.startsWith(":")) return params[segment.slice(1)] ?? "00000000-0000-4000-8000-000000000000";
      if (segment === "*") return "old-page";
      return segment;
    })
    .join("/")
    .replace(/^\/old-page$/, "/this-page-does-not-exist");
}

/** Developer text a user must never see. */
const RAW_TEXT = [
  /\b[a-zA-Z]+\.\d+(\.[a-zA-Z]+)*\s*:\s/, // a schema path such as "fields.7.options.2: …"
  /\b(TypeError|ReferenceError|SyntaxError|RangeError|ZodError|AppError|HTTPException)\b/,
  /Invalid origin/,
  /\{\s*"(error|code|message)"\s*:/, // a JSON body
  /\b(Too small|Too big): expected/,
  /coming soon/i, // a stand-in where a screen should be
  /arrive(s)? with the call center/i, // the old placeholder of the dashboard's call tiles
];

async function signIn(page: Page, role: TRole) {
  if (role.email) await signInOnLogin(page, { email: role.email, portal: role.portal ?? "company" });
}

/** A screen still loading: a skeleton or a region marked busy. */
const LOADING = '[aria-busy="true"], [data-slot="skeleton"]';
/** How long a screen may take to show its content before the sweep calls it stuck. */
const SETTLE_LIMIT_MS = 10_000;

/**
 * The page's requests still open, counted from the browser's side (event streams aside: they stay
 * open by design), and a count of every start and end, so a settle can tell that none came meanwhile.
 */
function watchRequests(page: Page) {
  const open = new Set<Request>();
  let wake: (() => void) | null = null;
  const net = {
    open,
    changes: 0,
    /** Resolves when no request is open (or at the deadline). */
    idle(deadline: number): Promise<void> {
      if (open.size === 0) return Promise.resolve();
      return new Promise((resolve) => {
        const timer = setTimeout(resolve, Math.max(0, deadline - Date.now()));
        wake = () => {
          clearTimeout(timer);
          resolve();
        };
      });
    },
  };
  const changed = () => {
    net.changes++;
    if (open.size === 0) {
      wake?.();
      wake = null;
    }
  };
  page.on("request", (request) => {
    if (request.resourceType() === "eventsource") return;
    open.add(request);
    changed();
  });
  const done = (request: Request) => {
    if (open.delete(request)) changed();
  };
  page.on("requestfinished", done);
  page.on("requestfailed", done);
  // A document replaced cancels what it had open, whether or not an event says so.
  page.on("framenavigated", (frame) => {
    if (frame === page.mainFrame()) changed();
  });
  return net;
}
type TRequests = ReturnType<typeof watchRequests>;

/**
 * Waits until the screen settled and returns what it shows (its address and toasts): no request open,
 * nothing loading, and the page idle through a painted frame with no request starting or ending
 * meanwhile. The router renders a new route in a transition, in slices between frames, so idle
 * callbacks (which wait for that work) decide, not a fixed quiet time. A screen still loading at the
 * limit is a failure: a page stuck on its skeleton, or on a request that never ends, must not pass.
 */
async function settle(page: Page, net: TRequests, label: string, failures: string[]): Promise<string> {
  const deadline = Date.now() + SETTLE_LIMIT_MS;
  for (;;) {
    await net.idle(deadline);
    const changes = net.changes;
    const outcome = await page
      .evaluate(
        ({ loading, limit }) =>
          new Promise<string | null>((resolve) => {
            const timer = setTimeout(() => resolve(null), limit);
            // An idle callback runs once the page's queued work (a render in slices) is done; a page
            // that is never idle (seen on /owner/settings) gets it after 100 ms at the most.
            const idle = (then: () => void) => requestIdleCallback(then, { timeout: 100 });
            const idleFrame = () =>
              idle(() =>
                requestAnimationFrame(() =>
                  idle(() => {
                    if (document.querySelector(loading)) return idleFrame();
                    clearTimeout(timer);
                    const toasts = Array.from(document.querySelectorAll("[data-sonner-toast]"), (t) =>
                      (t.textContent ?? "").trim(),
                    );
                    resolve([location.pathname, ...toasts].join(" | "));
                  }),
                ),
              );
            idleFrame();
          }),
        { loading: LOADING, limit: Math.max(1, deadline - Date.now()) },
      )
      .catch(() => undefined);
    if (typeof outcome === "string" && net.open.size === 0 && net.changes === changes) return outcome;
    if (outcome === null || Date.now() >= deadline) {
      const waiting = [...net.open].map((r) => `${r.method()} ${new URL(r.url()).pathname}`);
      failures.push(
        `${label}: still loading after ${SETTLE_LIMIT_MS / 1000} s${waiting.length ? ` (open: ${waiting.join(", ")})` : ""}`,
      );
      return outcome ?? "";
    }
    // A new document (a redirect to the sign-in page) replaced the one being watched: watch it.
    if (outcome === undefined) await page.waitForLoadState("load").catch(() => undefined);
  }
}

/**
 * Runs a read in the page; a route that ends on /login loads the sign-in page anew (sometimes twice),
 * so a read that lands mid-navigation, on a context torn down or a document not built yet, is retried
 * on the document it becomes.
 */
async function acrossNavigation<T>(page: Page, read: () => Promise<T>): Promise<T> {
  for (let attempt = 0; ; attempt++) {
    try {
      return await read();
    } catch (err) {
      if (attempt >= 5) throw err;
      await page.waitForLoadState("load").catch(() => undefined);
      // The document it became has its body: the read runs on that one next.
      await page.waitForFunction(() => document.body !== null).catch(() => undefined);
    }
  }
}

/**
 * In-app navigation, as a user clicking through: the router answers without reloading the app. Outside
 * the app (a blank tab, the sign-in page, the public form) there is no router to ask: the address is
 * opened as a user would open a link. The previous route may still be loading the sign-in page anew
 * when this runs; the navigation is then made on the document that replaced it.
 */
/**
 * Closes the toasts an earlier route left (a refused page's "You don't have access to …" lasts 4 s), as a
 * user would before moving on: a stack of them from earlier routes is not the next route's toast.
 */
async function dismissToasts(page: Page) {
  const toasts = page.locator("[data-sonner-toast]");
  if ((await toasts.count().catch(() => 0)) === 0) return;
  await page
    .evaluate(() => {
      const closes = document.querySelectorAll<HTMLButtonElement>("[data-sonner-toast] [data-close-button]");
      closes.forEach((close) => {
        close.click();
      });
    })
    .catch(() => undefined);
  await expect(toasts)
    .toHaveCount(0, { timeout: 2_000 })
    .catch(() => undefined);
}

async function openInApp(page: Page, path: string) {
  await dismissToasts(page);
  for (let attempt = 0; ; attempt++) {
    const { protocol, pathname } = new URL(page.url());
    try {
      if (!protocol.startsWith("http") || OWN_PAGE.test(pathname)) await page.goto(path);
      else {
        await page.evaluate((to) => {
          window.history.pushState({}, "", to);
          window.dispatchEvent(new PopStateEvent("popstate"));
        }, path);
      }
      return;
    } catch (err) {
      // "Execution context was destroyed", "interrupted by another navigation": a load under way.
      if (attempt >= 5 || !/Execution context was destroyed|navigation/i.test(String(err))) throw err;
      await page.waitForLoadState("load").catch(() => undefined);
    }
  }
}

async function check(page: Page, label: string, failures: string[]) {
  // After two frames: a resize reaches the screen, its handlers run and React paints what they changed.
  const read = () =>
    page.evaluate(async () => {
      await new Promise((r) => requestAnimationFrame(() => requestAnimationFrame(r)));
      const visible = (r: DOMRect) => r.width > 0 && r.height > 0;
      const overlaps = (a: DOMRect, b: DOMRect) =>
        a.left < b.right && b.left < a.right && a.top < b.bottom && b.top < a.bottom;
      // A toast must never cover a primary button (the user's next step).
      const primaries = Array.from(document.querySelectorAll('[data-slot="button"].bg-primary'))
        .map((b) => ({ name: (b.textContent ?? "").trim(), rect: b.getBoundingClientRect() }))
        .filter((b) => visible(b.rect));
      const covered = Array.from(document.querySelectorAll("[data-sonner-toast]")).flatMap((toast) => {
        const rect = toast.getBoundingClientRect();
        const says = (toast.textContent ?? "").trim().slice(0, 80);
        return primaries
          .filter((b) => visible(rect) && overlaps(rect, b.rect))
          .map((b) => ({ button: b.name, says }));
      });
      // A details dialog says each thing once: no label twice.
      const repeated = Array.from(document.querySelectorAll('[role="dialog"]')).flatMap((dialog) => {
        const labels = Array.from(dialog.querySelectorAll("dt, th[scope='row']")).map((l) =>
          (l.textContent ?? "").trim().toLowerCase(),
        );
        return labels.filter((l, i) => l && labels.indexOf(l) !== i);
      });
      return {
        scrollWidth: document.documentElement.scrollWidth,
        clientWidth: document.documentElement.clientWidth,
        text: document.body.innerText,
        covered,
        repeated,
      };
    });
  const { scrollWidth, clientWidth, text, covered, repeated } = await acrossNavigation(page, read);
  if (scrollWidth > clientWidth + 1)
    failures.push(`${label}: ${scrollWidth - clientWidth} px wider than the screen`);
  for (const { button, says } of covered)
    failures.push(`${label}: a toast ("${says}") covers the "${button}" button`);
  for (const name of new Set(repeated)) failures.push(`${label}: "${name}" twice in a dialog`);
  for (const pattern of RAW_TEXT) {
    const match = text.match(pattern);
    if (match) failures.push(`${label}: developer text on screen: "${match[0]}"`);
  }
}

async function sweep(browser: Browser, baseURL: string, role: TRole, paths: string[]) {
  const context = await browser.newContext({ baseURL, viewport: { width: 1280, height: 800 } });
  const page = await context.newPage();
  const failures: string[] = [];
  const checkedScreens = new Set<string>();
  let current = "";
  page.on("response", (response) => {
    const url = new URL(response.url());
    if (!current || !url.pathname.startsWith("/api/") || response.status() < 400) return;
    // Signed out, the session check answering 401 is how the app learns it: expected, not a failure.
    if (response.status() === 401 && !role.email) return;
    failures.push(`${current}: ${response.request().method()} ${url.pathname} answered ${response.status()}`);
  });
  page.on("pageerror", (error) => failures.push(`${current}: uncaught ${error.name}: ${error.message}`));
  const net = watchRequests(page);
  await signIn(page, role);
  const size = (width: number) => ({ width, height: width < 600 ? 844 : 800 });
  for (const path of paths) {
    current = `${role.name} ${path}`;
    // Every route is opened at the first width; the last check left the page at the other.
    if (page.viewportSize()?.width !== WIDTHS[0]) await page.setViewportSize(size(WIDTHS[0]!));
    if (OWN_PAGE.test(path)) {
      await page.goto(path);
      // Signed in, the sign-in page sends the user home at once.
      if (role.email && SIGN_IN_PAGE.test(path)) {
        await page.waitForURL((url) => !SIGN_IN_PAGE.test(url.pathname));
      }
    } else {
      await openInApp(page, path);
    }
    let screen = await settle(page, net, current, failures);
    // Sent to /login (signed out on a protected page): the app loads the sign-in page anew.
    if (SIGN_IN_PAGE.test(new URL(page.url()).pathname)) {
      const loaded = await page
        .waitForFunction(() => Boolean(document.querySelector('script[src*="/assets/login-"]')), undefined, {
          timeout: SETTLE_LIMIT_MS,
        })
        .then(
          () => true,
          () => false,
        );
      if (!loaded) {
        failures.push(`${current}: the sign-in page never loaded`);
        continue;
      }
      screen = await settle(page, net, current, failures);
    }
    // Routes that end on a screen already checked, as it was then (a refused page sending the user home,
    // every protected page sending a visitor to sign in), are not checked again: the same screen would
    // be read twice. A toast the redirect shows makes it a screen of its own.
    if (checkedScreens.has(screen)) continue;
    checkedScreens.add(screen);
    for (const width of WIDTHS) {
      if (page.viewportSize()?.width !== width) await page.setViewportSize(size(width));
      await check(page, `${current} @${width}px (${new URL(page.url()).pathname})`, failures);
    }
  }
  await context.close();
  return failures;
}

let paths: string[] = [];

test.beforeAll(async ({ browser, workerServer }) => {
  // Real ids for the route params, read as the demo owner.
  const context = await browser.newContext({ baseURL: workerServer.baseURL });
  const page = await context.newPage();
  await signIn(page, ROLES[1]!);
  const forms = (await (await page.request.get("/api/forms")).json()) as {
    forms: { id: string; status: string }[];
  };
  const whoami = (await (await page.request.get("/api/whoami")).json()) as { organizationId: string };
  await context.close();
  const params = {
    formId: forms.forms.find((f) => f.status === "published")?.id ?? "",
    projectId: "demo-project",
    companyId: whoami.organizationId,
  };
  // The web app's route table itself (loaded at run time: it is the web app's code, not this package's).
  const routesModule = "../../apps/web/src/app/routes";
  const { routes } = (await import(routesModule)) as { routes: RouteObject[] };
  paths = [...routePatterns(routes), ...PUBLIC_FORM_PAGES].map((p) => expand(p, params));
});

test("the route list comes from the router and covers every screen", () => {
  expect(paths).toContain("/dashboard/forms");
  expect(paths).toContain("/buyer/my-leads");
  expect(paths.some((p) => /^\/forms\/[0-9a-f-]{36}$/.test(p))).toBe(true);
  expect(paths.length).toBeGreaterThan(40);
});

for (const role of ROLES) {
  test(`every route as ${role.name}`, async ({ browser, workerServer }) => {
    // Signed out, every protected route ends on the sign-in page, a page of its own loaded anew.
    test.setTimeout(360_000);
    const failures = await sweep(browser, workerServer.baseURL, role, paths);
    expect(failures).toEqual([]);
  });
}
