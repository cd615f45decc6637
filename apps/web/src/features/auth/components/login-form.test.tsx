import { QueryClient, QueryClientProvider } from "@tanstack/react-query";
import { render, screen } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import type { ComponentProps } from "react";
import { MemoryRouter } from "react-router";
import { beforeEach, describe, expect, it, vi } from "vitest";
import { LoginForm } from "./login-form";

let googleConfigured = false;
beforeEach(() => {
  googleConfigured = false;
  vi.stubGlobal(
    "fetch",
    vi.fn(async () =>
      Response.json({ google: googleConfigured }, { headers: { "content-type": "application/json" } }),
    ),
  );
});

function renderForm(props: Partial<ComponentProps<typeof LoginForm>> = {}) {
  const onSubmit = vi.fn();
  render(
    <QueryClientProvider client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}>
      <MemoryRouter>
        <LoginForm
          audience="company"
          busy={false}
          error={null}
          forgotPasswordHref="/auth/forgot-password"
          onSubmit={onSubmit}
          {...props}
        />
      </MemoryRouter>
    </QueryClientProvider>,
  );
  return { onSubmit, user: userEvent.setup() };
}

describe("LoginForm", () => {
  it("shows the spec's messages for an empty form and does not submit", async () => {
    const { onSubmit, user } = renderForm();
    await user.click(screen.getByRole("button", { name: "Sign in" }));
    expect(await screen.findByText("Please enter a valid email address")).toBeInTheDocument();
    expect(screen.getByText("Password must be at least 8 characters")).toBeInTheDocument();
    expect(screen.getByLabelText("Email")).toHaveAttribute("aria-invalid", "true");
    expect(screen.getByLabelText("Email")).toHaveFocus();
    expect(onSubmit).not.toHaveBeenCalled();
  });

  it("after a failed submit re-checks each field as it is typed", async () => {
    const { user } = renderForm();
    await user.type(screen.getByLabelText("Email"), "owner@example.com");
    await user.click(screen.getByRole("button", { name: "Sign in" }));
    expect(await screen.findByText("Password must be at least 8 characters")).toBeInTheDocument();
    expect(screen.getByLabelText("Password")).toHaveFocus();
    await user.type(screen.getByLabelText("Password"), "12345678");
    expect(screen.queryByText("Password must be at least 8 characters")).not.toBeInTheDocument();
  });

  it("rejects a malformed e-mail and a 7-character password", async () => {
    const { onSubmit, user } = renderForm();
    await user.type(screen.getByLabelText("Email"), "not-an-email");
    await user.type(screen.getByLabelText("Password"), "1234567");
    await user.click(screen.getByRole("button", { name: "Sign in" }));
    expect(await screen.findByText("Please enter a valid email address")).toBeInTheDocument();
    expect(screen.getByText("Password must be at least 8 characters")).toBeInTheDocument();
    expect(onSubmit).not.toHaveBeenCalled();
  });

  it("submits valid input with the e-mail trimmed", async () => {
    const { onSubmit, user } = renderForm();
    await user.type(screen.getByLabelText("Email"), "  owner@example.com ");
    await user.type(screen.getByLabelText("Password"), "12345678");
    await user.click(screen.getByRole("button", { name: "Sign in" }));
    await vi.waitFor(() => expect(onSubmit).toHaveBeenCalledTimes(1));
    expect(onSubmit.mock.calls[0]?.[0]).toEqual({ email: "owner@example.com", password: "12345678" });
    expect(screen.queryByText("Please enter a valid email address")).not.toBeInTheDocument();
  });

  it("shows a server error as an alert and the Google button and links", async () => {
    googleConfigured = true;
    renderForm({ error: "Invalid email or password. Please check your credentials and try again." });
    expect(screen.getByRole("alert")).toHaveTextContent("Invalid email or password.");
    expect(await screen.findByRole("button", { name: "Sign in with Google" })).toBeEnabled();
    expect(screen.getByRole("link", { name: "Forgot your password?" })).toHaveAttribute(
      "href",
      "/auth/forgot-password",
    );
  });

  it("offers no Google button when Google sign-in is not configured", async () => {
    renderForm();
    await vi.waitFor(() => expect(fetch).toHaveBeenCalled());
    await new Promise((r) => setTimeout(r, 20));
    expect(screen.queryByRole("button", { name: "Sign in with Google" })).not.toBeInTheDocument();
    expect(screen.queryByText("or")).not.toBeInTheDocument();
  });

  it("disables everything and says so while signing in", () => {
    renderForm({ busy: true });
    expect(screen.getByRole("button", { name: "Signing in..." })).toBeDisabled();
    expect(screen.getByLabelText("Email")).toBeDisabled();
  });
});
