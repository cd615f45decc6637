import { gzipSync } from "node:zlib";
import { JSDOM } from "jsdom";
import { describe, expect, it } from "vitest";
import { DNI_SCRIPT_BUDGET_BYTES, dniScript } from "./bundle";
import type { TDniConfig } from "./config";

// The served script (built from browser.ts as customers get it) run in a browser-like page.

const SESSION_ID = "0b9f8a3e-6c1d-4f7a-9a55-3f2e1d0c9b8a";
const VISIT_KEY = "5d2c7e4193ab4c0f8e1d2a6b9f3c4e70";
/** The visit's cookie: its source, the id the script made, and the number (empty while a pool decides). */
const visitCookie = (doc: { cookie: string }) =>
  doc.cookie.match(/lp_visit_5551234567=(\w+)\.([0-9a-f]{32})\.(\d*)/)?.slice(1) ?? null;

const config = (over: Partial<TDniConfig> = {}): TDniConfig => ({
  key: "dni_test",
  endpoint: "https://leadpost.example/api/public/dni/sessions",
  seenEndpoint: "https://leadpost.example/api/public/dni/sessions/seen",
  staticNumber: "(555) 123-4567",
  numbers: { google: "+17205550100", direct: "+17205550200" },
  pooled: [],
  fallback: null,
  debug: false,
  ...over,
});

type TPosted = { url: string; body: Record<string, unknown>; keepalive?: boolean };

/** A page at `url` with `html`, whose network calls are recorded; the pool answers `poolNumber`. */
function page(
  html: string,
  opts: { url?: string; cookie?: string; poolNumber?: string; unanswered?: boolean } = {},
) {
  const dom = new JSDOM(`<!doctype html><html><body>${html}</body></html>`, {
    url: opts.url ?? "https://roofing.example/?utm_source=google&utm_campaign=spring",
    runScripts: "outside-only",
  });
  const w = dom.window;
  if (opts.cookie) w.document.cookie = opts.cookie;
  const posted: TPosted[] = [];
  const beacons: TPosted[] = [];
  w.fetch = (async (url: string, init: { body: string; keepalive?: boolean }) => {
    posted.push({ url, body: JSON.parse(init.body), keepalive: init.keepalive });
    // The visitor moves on before the server answers.
    if (opts.unanswered) return new Promise(() => {});
    return {
      ok: true,
      json: async () => ({ sessionId: SESSION_ID, number: opts.poolNumber ?? "+17205550100" }),
    };
  }) as unknown;
  Object.defineProperty(w.navigator, "sendBeacon", {
    value: (url: string, blob: Blob) => {
      void blob.text().then((text) => beacons.push({ url, body: JSON.parse(text) }));
      return true;
    },
  });
  const run = async (c: TDniConfig = config()) => w.eval(await dniScript(c));
  // The script's follow-ups (the session's answer, the page's mutations, the beacon's body) are promise
  // steps and observer callbacks: a task later they have all run. No time passes.
  const settle = () => new Promise((resolve) => setTimeout(resolve, 0));
  return { w, doc: w.document, posted, beacons, run, settle };
}

describe("the DNI script", () => {
  it("included twice, it swaps once and records one session, leaving nothing on the page's globals", async () => {
    const p = page("<p>Call (555) 123-4567</p>");
    const before = new Set(Object.keys(p.w));
    await p.run();
    await p.run();
    await p.settle();
    expect(p.doc.body.textContent).toBe("Call (720) 555-0100");
    expect(p.posted).toHaveLength(1);
    expect(p.posted[0]).toMatchObject({
      url: "https://leadpost.example/api/public/dni/sessions",
      body: { key: "dni_test", source: "google", utmCampaign: "spring", staticNumber: "(555) 123-4567" },
    });
    expect(Object.keys(p.w).filter((k) => !before.has(k))).toEqual([]);
    // The request outlives the page; the visit's own id is in the request and the cookie.
    expect(p.posted[0]?.keepalive).toBe(true);
    const [source, visitKey, digits] = visitCookie(p.doc) ?? [];
    expect([source, digits]).toEqual(["google", "17205550100"]);
    expect(visitKey).toMatch(/^[0-9a-f]{32}$/);
    expect(p.posted[0]?.body.visitKey).toBe(visitKey);
  });

  it("swaps a number split across elements, written with en dashes, in aria-label and title, and TEL: links", async () => {
    const p = page(
      [
        '<p id="split">Call <span class="area">(555)</span> <b>123</b>-4567 today</p>',
        '<p id="dash">555\u2013123\u20134567</p>',
        '<a id="icon" href="TEL:+1-555-123-4567" aria-label="Call 555-123-4567" title="(555) 123-4567"><svg></svg></a>',
        '<a id="tel" href="Tel:555.123.4567">phone</a>',
        '<p id="other">Fax (555) 123-4568, order 95551234567</p>',
        "<textarea>(555) 123-4567</textarea><code>555-123-4567</code>",
      ].join(""),
    );
    await p.run();
    await p.settle();
    const byId = (id: string) => p.doc.getElementById(id)!;
    expect(byId("split").textContent).toBe("Call (720) 555-0100 today");
    // Each piece keeps its element.
    expect(byId("split").querySelector(".area")?.textContent).toBe("(720)");
    expect(byId("split").querySelector("b")?.textContent).toBe("555");
    expect(byId("dash").textContent).toBe("720\u2013555\u20130100");
    expect(byId("icon").getAttribute("href")).toBe("TEL:+1-720-555-0100");
    expect(byId("icon").getAttribute("aria-label")).toBe("Call 720-555-0100");
    expect(byId("icon").getAttribute("title")).toBe("(720) 555-0100");
    expect(byId("tel").getAttribute("href")).toBe("Tel:720.555.0100");
    expect(byId("other").textContent).toBe("Fax (555) 123-4568, order 95551234567");
    expect(p.doc.querySelector("textarea")?.value).toBe("(555) 123-4567");
    expect(p.doc.querySelector("code")?.textContent).toBe("555-123-4567");
  });

  it("swaps content added later, split or in attributes", async () => {
    const p = page("<div id='app'></div>");
    await p.run();
    await p.settle();
    const app = p.doc.getElementById("app")!;
    app.innerHTML = '<p><a href="tel:5551234567"><span>555</span>-<span>123</span>-<span>4567</span></a></p>';
    await p.settle();
    expect(app.textContent).toBe("720-555-0100");
    expect(app.querySelector("a")?.getAttribute("href")).toBe("tel:7205550100");
    app.querySelector("a")?.setAttribute("title", "Call 555 123 4567");
    await p.settle();
    expect(app.querySelector("a")?.getAttribute("title")).toBe("Call 720 555 0100");
  });

  it("shows a visit from a pooled source the number the server gave it", async () => {
    const p = page("<p>(555) 123-4567</p>", { poolNumber: "+17205550177" });
    await p.run(config({ pooled: ["google"] }));
    await p.settle();
    expect(p.doc.body.textContent).toBe("(720) 555-0177");
    expect(visitCookie(p.doc)).toEqual(["google", p.posted[0]?.body.visitKey, "17205550177"]);
  });

  it("keeps the visit in its cookie before the server answers, so a quick click to another page continues it", async () => {
    const first = page("<p>(555) 123-4567</p>", { unanswered: true });
    await first.run();
    await first.settle();
    expect(first.doc.body.textContent).toBe("(720) 555-0100");
    const cookie = visitCookie(first.doc);
    expect(cookie?.[0]).toBe("google");
    expect(cookie?.[2]).toBe("17205550100");

    const next = page("<p>(555) 123-4567</p>", {
      url: "https://roofing.example/services",
      cookie: `lp_visit_5551234567=${cookie?.join(".")}`,
    });
    await next.run();
    await next.settle();
    expect(next.doc.body.textContent).toBe("(720) 555-0100");
    expect(next.posted).toHaveLength(0);
    expect(next.beacons).toEqual([
      {
        url: "https://leadpost.example/api/public/dni/sessions/seen",
        body: { key: "dni_test", visitKey: cookie?.[1] },
      },
    ]);
  });

  it("a later page of a pooled visit left before its number came asks again as the same visit", async () => {
    const p = page("<p>(555) 123-4567</p>", {
      url: "https://roofing.example/services",
      cookie: `lp_visit_5551234567=google.${VISIT_KEY}.`,
      poolNumber: "+17205550177",
    });
    await p.run(config({ pooled: ["google"] }));
    await p.settle();
    expect(p.doc.body.textContent).toBe("(720) 555-0177");
    expect(p.posted).toHaveLength(1);
    expect(p.posted[0]?.body).toMatchObject({ key: "dni_test", source: "google", visitKey: VISIT_KEY });
    expect(p.posted[0]?.body.utmCampaign).toBeUndefined();
    expect(visitCookie(p.doc)).toEqual(["google", VISIT_KEY, "17205550177"]);
  });

  it("a later page of the visit keeps its number and records no new session", async () => {
    const p = page("<p>(555) 123-4567</p>", {
      url: "https://roofing.example/services",
      cookie: `lp_visit_5551234567=google.${VISIT_KEY}.17205550177`,
    });
    Object.defineProperty(p.doc, "referrer", { value: "https://roofing.example/" });
    await p.run(config({ pooled: ["google"] }));
    await p.settle();
    expect(p.doc.body.textContent).toBe("(720) 555-0177");
    expect(p.posted).toHaveLength(0);
    expect(p.beacons).toEqual([
      {
        url: "https://leadpost.example/api/public/dni/sessions/seen",
        body: { key: "dni_test", visitKey: VISIT_KEY },
      },
    ]);
  });

  it("parses without lookbehind (Safari before 16.4)", async () => {
    expect(await dniScript(config())).not.toMatch(/\(\?<[=!]/);
  });

  it("stays within its budget on customers' pages: 3 KiB gzip with a company's numbers for every source", async () => {
    const script = await dniScript(
      config({
        staticNumber: "+15551234567",
        numbers: {
          direct: "+17205550200",
          google: "+17205550100",
          facebook: "+17205550300",
          bing: "+17205550400",
          other: "+17205550500",
        },
        pooled: ["google", "facebook"],
        fallback: "+17205550200",
        key: "dni_0123456789abcdef0123456789abcdef",
      }),
    );
    expect(gzipSync(Buffer.from(script), { level: 9 }).length).toBeLessThanOrEqual(DNI_SCRIPT_BUDGET_BYTES);
  });
});
