import { zodResolver } from "@hookform/resolvers/zod";
import { render, screen, waitFor } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import type { Resolver } from "react-hook-form";
import { describe, expect, it, vi } from "vitest";
import { z } from "zod";
import { lazyResolver } from "./lazy-resolver";
import { useCheckedForm } from "./use-checked-form";

const ZSchema = z
  .object({
    email: z.string().trim().min(1, "Email is required"),
    password: z.string().min(8, "Password must be at least 8 characters"),
  })
  .refine((v) => v.password !== v.email, { message: "Too easy", path: ["password"] });

type TOnValid = (
  values: z.output<typeof ZSchema>,
  setError: (name: "email" | "password", error: { message?: string }) => void,
) => Promise<void> | void;

type TResolver = Resolver<z.input<typeof ZSchema>, unknown, z.output<typeof ZSchema>>;
const loadRules = async (): Promise<TResolver> => zodResolver(ZSchema);

function Form({ onValid, load = loadRules }: { onValid: TOnValid; load?: () => Promise<TResolver> }) {
  const { register, handleSubmit, watch, setError, formState } = useCheckedForm<
    z.input<typeof ZSchema>,
    z.output<typeof ZSchema>
  >({
    resolver: lazyResolver(load),
    defaultValues: { email: "", password: "" },
  });
  return (
    <form noValidate onSubmit={handleSubmit((values) => onValid(values, setError))}>
      <input aria-label="Email" {...register("email")} />
      <p>{formState.errors.email?.message}</p>
      <input aria-label="Password" {...register("password")} />
      <p>{formState.errors.password?.message}</p>
      <output>{watch("password").length}</output>
      <button type="submit" disabled={formState.isSubmitting}>
        Go
      </button>
    </form>
  );
}

describe("useCheckedForm", () => {
  it("says nothing before a submit, then every field's message and focuses the first field in error", async () => {
    const onValid = vi.fn();
    render(<Form onValid={onValid} />);
    await userEvent.type(screen.getByLabelText("Password"), "short");
    expect(screen.queryByText("Password must be at least 8 characters")).toBeNull();
    expect(screen.getByRole("status")).toHaveTextContent("5");
    await userEvent.click(screen.getByRole("button", { name: "Go" }));
    expect(await screen.findByText("Email is required")).toBeInTheDocument();
    expect(screen.getByText("Password must be at least 8 characters")).toBeInTheDocument();
    expect(screen.getByLabelText("Email")).toHaveFocus();
    expect(onValid).not.toHaveBeenCalled();
  });

  it("does not submit while the rules cannot be downloaded, and submits once they can", async () => {
    const onValid = vi.fn();
    const load = vi.fn<() => Promise<TResolver>>().mockRejectedValueOnce(new TypeError("offline"));
    load.mockImplementation(loadRules);
    render(<Form onValid={onValid} load={load} />);
    await userEvent.type(screen.getByLabelText("Email"), "a@b.co");
    await userEvent.type(screen.getByLabelText("Password"), "long enough");
    await userEvent.click(screen.getByRole("button", { name: "Go" }));
    await waitFor(() => expect(screen.getByRole("button", { name: "Go" })).toBeEnabled());
    expect(onValid).not.toHaveBeenCalled();
    await userEvent.click(screen.getByRole("button", { name: "Go" }));
    await waitFor(() => expect(onValid).toHaveBeenCalledTimes(1));
  });

  it("checks a field again as it changes once submitted, leaving the other field's message", async () => {
    render(<Form onValid={vi.fn()} />);
    await userEvent.click(screen.getByRole("button", { name: "Go" }));
    await screen.findByText("Email is required");
    await userEvent.type(screen.getByLabelText("Password"), "long enough");
    await waitFor(() => expect(screen.queryByText("Password must be at least 8 characters")).toBeNull());
    expect(screen.getByText("Email is required")).toBeInTheDocument();
  });

  it("hands the checked (trimmed) values over and is busy meanwhile", async () => {
    let finish = () => {};
    const onValid = vi.fn(() => new Promise<void>((resolve) => (finish = resolve)));
    render(<Form onValid={onValid} />);
    await userEvent.type(screen.getByLabelText("Email"), "  a@b.co ");
    await userEvent.type(screen.getByLabelText("Password"), "long enough");
    await userEvent.click(screen.getByRole("button", { name: "Go" }));
    await waitFor(() =>
      expect(onValid).toHaveBeenCalledWith(
        { email: "a@b.co", password: "long enough" },
        expect.any(Function),
      ),
    );
    expect(screen.getByRole("button", { name: "Go" })).toBeDisabled();
    finish();
    await waitFor(() => expect(screen.getByRole("button", { name: "Go" })).toBeEnabled());
  });

  it("shows an error set from elsewhere (the server's answer) until the field is checked again", async () => {
    render(
      <Form
        onValid={(_values, setError) => setError("email", { message: "This e-mail is already registered" })}
      />,
    );
    await userEvent.type(screen.getByLabelText("Email"), "a@b.co");
    await userEvent.type(screen.getByLabelText("Password"), "long enough");
    await userEvent.click(screen.getByRole("button", { name: "Go" }));
    expect(await screen.findByText("This e-mail is already registered")).toBeInTheDocument();
    await userEvent.type(screen.getByLabelText("Email"), "m");
    await waitFor(() => expect(screen.queryByText("This e-mail is already registered")).toBeNull());
  });
});
