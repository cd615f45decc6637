import { QueryClient, QueryClientProvider } from "@tanstack/react-query";
import { render, screen } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { MemoryRouter, Route, Routes } from "react-router";
import { afterEach, beforeAll, describe, expect, it, vi } from "vitest";
import { SessionProvider } from "@/lib/session/session-provider";
import { ResetPasswordPage } from "./reset-password-page";

const json = (status: number, body: unknown) =>
  new Response(JSON.stringify(body), { status, headers: { "content-type": "application/json" } });

/** Answers the session bootstrap as signed out, branding by id, and reset-password with `reset`. */
function stubServer(
  reset: () => Response,
  check: { valid: boolean; email: string | null } = { valid: true, email: "buyer@example.com" },
) {
  const fetchMock = vi.fn(async (url: string, _init?: RequestInit) => {
    if (url.startsWith("/api/accounts/reset-tokens/")) return json(200, check);
    if (url === "/api/auth/sign-in/email") return json(200, { token: "t" });
    if (url === "/api/whoami") return json(401, { error: { code: "UNAUTHENTICATED", message: "no" } });
    if (url.startsWith("/api/accounts/branding/")) return json(200, { name: "Acme Roofing", logoUrl: null });
    if (url === "/api/auth/reset-password") return reset();
    return json(404, {});
  });
  vi.stubGlobal("fetch", fetchMock);
  return fetchMock;
}

function renderAt(url: string) {
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  render(
    <QueryClientProvider client={queryClient}>
      <MemoryRouter initialEntries={[url]}>
        <SessionProvider>
          <Routes>
            <Route path="/buyer/reset-password" element={<ResetPasswordPage audience="buyer" />} />
            <Route path="/buyer/forgot-password" element={<p>forgot page</p>} />
          </Routes>
        </SessionProvider>
      </MemoryRouter>
    </QueryClientProvider>,
  );
  return userEvent.setup();
}

describe("ResetPasswordPage", () => {
  // The form's rules load on its first check (lib/lazy-resolver): loaded once here, so the first check
  // does not wait for the test runner to transform zod.
  beforeAll(() => import("../form-checks"));
  afterEach(() => vi.unstubAllGlobals());

  it("checks the link before asking for a new password", async () => {
    stubServer(() => json(200, { status: true }), { valid: false, email: null });
    renderAt("/buyer/reset-password?token=used-token");
    expect(
      await screen.findByRole("heading", { name: "Reset link not valid" }, { timeout: 5000 }),
    ).toBeInTheDocument();
    expect(screen.queryByLabelText("New password")).not.toBeInTheDocument();
  });

  it("shows the company of tenant_id and sends the token with the new password", async () => {
    const fetchMock = stubServer(() => json(200, { status: true }));
    const user = renderAt(
      "/buyer/reset-password?token=tok123&tenant_id=00000000-0000-4000-8000-000000000001",
    );
    expect(await screen.findByText("Acme Roofing")).toBeInTheDocument();
    await user.type(screen.getByLabelText("New password"), "Abc!1234");
    await user.type(screen.getByLabelText("Confirm new password"), "Abc!1234");
    await user.click(screen.getByRole("button", { name: "Update Password" }));
    expect(await screen.findByRole("heading", { name: "Password updated" })).toBeInTheDocument();
    // A buyer is signed in with the new password (the e-mail came with the link check).
    const signIn = fetchMock.mock.calls.find(([url]) => url === "/api/auth/sign-in/email");
    expect(JSON.parse(String(signIn?.[1]?.body))).toEqual({
      email: "buyer@example.com",
      password: "Abc!1234",
    });
    const call = fetchMock.mock.calls.find(([url]) => url === "/api/auth/reset-password")!;
    expect(JSON.parse(String(call[1]?.body))).toEqual({
      token: "tok123",
      newPassword: "Abc!1234",
    });
  });

  it("turns invalid when the server refuses the token, with Request New Reset Link", async () => {
    stubServer(() => json(400, { error: { code: "INVALID_TOKEN", message: "used" } }));
    const user = renderAt("/buyer/reset-password#token=old");
    await user.type(await screen.findByLabelText("New password"), "Abc!1234");
    await user.type(screen.getByLabelText("Confirm new password"), "Abc!1234");
    await user.click(screen.getByRole("button", { name: "Update Password" }));
    expect(
      await screen.findByRole("heading", { name: "Reset link not valid" }, { timeout: 5000 }),
    ).toBeInTheDocument();
    await user.click(screen.getByRole("link", { name: "Request New Reset Link" }));
    expect(await screen.findByText("forgot page")).toBeInTheDocument();
  });

  it("refuses spaces around the password before asking the server", async () => {
    stubServer(() => json(200, {}));
    const user = renderAt("/buyer/reset-password?token=t");
    await user.type(await screen.findByLabelText("New password"), " Abc!1234");
    await user.type(screen.getByLabelText("Confirm new password"), " Abc!1234");
    await user.click(screen.getByRole("button", { name: "Update Password" }));
    expect(await screen.findByText("Leading and trailing spaces are not allowed")).toBeInTheDocument();
  });
});
