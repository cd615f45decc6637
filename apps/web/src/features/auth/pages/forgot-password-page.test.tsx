import { render, screen } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { MemoryRouter } from "react-router";
import { afterEach, beforeAll, describe, expect, it, vi } from "vitest";
import { ForgotPasswordPage } from "./forgot-password-page";

function renderPage() {
  render(
    <MemoryRouter>
      <ForgotPasswordPage audience="buyer" />
    </MemoryRouter>,
  );
  return userEvent.setup();
}

const answer = (status: number, headers: Record<string, string> = {}) =>
  vi.fn().mockResolvedValue(new Response(JSON.stringify({}), { status, headers }));

describe("ForgotPasswordPage", () => {
  // The form's rules load on its first check (lib/lazy-resolver): loaded once here, so the first check
  // does not wait for the test runner to transform zod.
  beforeAll(() => import("../form-checks"));
  afterEach(() => vi.unstubAllGlobals());

  it("validates with the spec's messages", async () => {
    vi.stubGlobal("fetch", answer(200));
    const user = renderPage();
    await user.click(screen.getByRole("button", { name: "Send Reset Instructions" }));
    expect(await screen.findByText("Email address is required")).toBeInTheDocument();
    await user.type(screen.getByLabelText("Email"), "nope");
    await user.click(screen.getByRole("button", { name: "Send Reset Instructions" }));
    expect(
      await screen.findByText("Please enter a valid email address (example: name@company.com)"),
    ).toBeInTheDocument();
    expect(fetch).not.toHaveBeenCalled();
  });

  it("asks for the buyer reset page and shows the sent panel, even when the send failed", async () => {
    vi.stubGlobal("fetch", answer(500));
    const user = renderPage();
    await user.type(screen.getByLabelText("Email"), " Buyer@Example.com ");
    await user.click(screen.getByRole("button", { name: "Send Reset Instructions" }));
    expect(await screen.findByRole("heading", { name: "Check your email" })).toBeInTheDocument();
    expect(screen.getByText("buyer@example.com")).toBeInTheDocument();
    const [, init] = vi.mocked(fetch).mock.calls[0]!;
    expect(JSON.parse(String(init?.body))).toEqual({
      email: "buyer@example.com",
      redirectTo: "/buyer/reset-password",
    });
    await user.click(screen.getByRole("button", { name: "Send to another email" }));
    expect(screen.getByLabelText("Email")).toHaveValue("");
  });

  it("counts down the server's wait while rate-limited", async () => {
    vi.stubGlobal("fetch", answer(429, { "retry-after": "42" }));
    const user = renderPage();
    await user.type(screen.getByLabelText("Email"), "a@example.com");
    await user.click(screen.getByRole("button", { name: "Send Reset Instructions" }));
    expect(
      await screen.findByText("Too many requests. Please wait 42 seconds before trying again."),
    ).toBeInTheDocument();
    expect(screen.getByRole("button", { name: "Try again in 42s" })).toBeDisabled();
  });

  it("waits the default 30 seconds when the server does not say", async () => {
    vi.stubGlobal("fetch", answer(429));
    const user = renderPage();
    await user.type(screen.getByLabelText("Email"), "a@example.com");
    await user.click(screen.getByRole("button", { name: "Send Reset Instructions" }));
    expect(await screen.findByRole("button", { name: "Try again in 30s" })).toBeDisabled();
  });
});
