import { QueryClient, QueryClientProvider } from "@tanstack/react-query";
import { render, screen, waitFor } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { beforeEach, describe, expect, it, vi } from "vitest";
import { SupportEmailDialog } from "./support-email-dialog";

const send = vi.fn();
vi.mock("../api", () => ({ sendSupportEmail: (input: unknown) => send(input) }));
vi.mock("@/lib/toast", () => ({ toast: { success: vi.fn(), error: vi.fn() } }));

beforeEach(() => send.mockReset());

function renderDialog(onClose = vi.fn()) {
  const client = new QueryClient();
  render(
    <QueryClientProvider client={client}>
      <SupportEmailDialog recipient={{ email: "ben@example.com", userId: "u1" }} onClose={onClose} />
    </QueryClientProvider>,
  );
  return onClose;
}

describe("SupportEmailDialog", () => {
  it("requires both subject and message (003 §5)", async () => {
    renderDialog();
    await userEvent.type(await screen.findByLabelText("Subject"), "Hello");
    await userEvent.click(screen.getByRole("button", { name: "Send" }));
    expect(await screen.findByRole("alert")).toHaveTextContent("Please fill in both subject and message");
    expect(send).not.toHaveBeenCalled();
  });

  it("sends to the row's address and closes", async () => {
    send.mockResolvedValue({ sent: true });
    const onClose = renderDialog();
    await userEvent.type(await screen.findByLabelText("Subject"), "About your leads");
    await userEvent.type(screen.getByLabelText("Message"), "All good.");
    await userEvent.click(screen.getByRole("button", { name: "Send" }));
    await waitFor(() => expect(onClose).toHaveBeenCalled());
    expect(send).toHaveBeenCalledWith({
      to: "ben@example.com",
      subject: "About your leads",
      message: "All good.",
      userId: "u1",
    });
  });
});
