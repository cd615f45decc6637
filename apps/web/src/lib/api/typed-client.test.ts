// @vitest-environment node
import { afterEach, describe, expect, it, vi } from "vitest";
import { ApiError } from "../api-error";
import { api, fillPath } from "./typed-client";

const answer = (status: number, body: unknown) =>
  new Response(JSON.stringify(body), { status, headers: { "content-type": "application/json" } });

afterEach(() => vi.unstubAllGlobals());

describe("the typed client", () => {
  it("fills each path parameter, URL-encoded", () => {
    expect(fillPath("/api/team-invitations/{token}/accept", { token: "a/b c" })).toBe(
      "/api/team-invitations/a%2Fb%20c/accept",
    );
    expect(fillPath("/api/leads", undefined)).toBe("/api/leads");
    expect(() => fillPath("/api/leads/{leadId}", {})).toThrow("leadId");
  });

  it("sends the method, the filled path, the query and the JSON body through apiRequest", async () => {
    const fetchMock = vi.fn(async (_url: string, _init?: RequestInit) => answer(200, { success: true }));
    vi.stubGlobal("fetch", fetchMock);
    await api.post("/api/leads/{leadId}/assignments", { params: { leadId: "l1" }, body: { buyerId: "b1" } });
    await api.get("/api/calls/metrics", { query: { days: 7 } });
    expect(fetchMock.mock.calls.map(([url, init]) => [url, init?.method, init?.body])).toEqual([
      ["/api/leads/l1/assignments", "POST", JSON.stringify({ buyerId: "b1" })],
      ["/api/calls/metrics?days=7", "GET", undefined],
    ]);
  });

  it("keeps apiRequest's errors: an error answer is an ApiError with the server's words", async () => {
    vi.stubGlobal("fetch", async () =>
      answer(404, { error: { code: "NOT_FOUND", message: "Lead not found" } }),
    );
    const call = api.get("/api/leads/{leadId}", { params: { leadId: "missing" } });
    await expect(call).rejects.toBeInstanceOf(ApiError);
    await expect(call).rejects.toMatchObject({ status: 404, message: "Lead not found" });
  });
});
