import { QueryClient, QueryClientProvider } from "@tanstack/react-query";
import { render, screen, waitFor } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { beforeEach, describe, expect, it, vi } from "vitest";
import { toast } from "@/lib/toast";
import { ApiError } from "./api-error";
import { useConfirmedRemoval } from "./use-confirmed-removal";

vi.mock("@/lib/toast", () => ({ toast: { success: vi.fn(), error: vi.fn() } }));

const remove = vi.fn();
type TItem = { id: string; name: string };

function Rows({ failure }: { failure: string | ((reason: string) => string) }) {
  const removal = useConfirmedRemoval<TItem>({
    remove: (item) => remove(item.id),
    invalidate: ["items"],
    failure,
    title: (item) => `Delete ${item.name}?`,
    description: (item) => `${item.name} goes away.`,
  });
  return (
    <>
      <button type="button" onClick={() => removal.ask({ id: "n1", name: "Roofing" })}>
        Delete Roofing
      </button>
      {removal.dialog}
    </>
  );
}

function renderRows(failure: string | ((reason: string) => string)) {
  render(
    <QueryClientProvider client={new QueryClient()}>
      <Rows failure={failure} />
    </QueryClientProvider>,
  );
}

beforeEach(() => {
  remove.mockReset();
  vi.mocked(toast.success).mockReset();
  vi.mocked(toast.error).mockReset();
});

describe("useConfirmedRemoval", () => {
  it("asks with the item's own title and description, removes nothing on cancel", async () => {
    renderRows("Failed to delete niche");
    await userEvent.click(screen.getByRole("button", { name: "Delete Roofing" }));
    // The dialog's module loads on its first open (components/ui/confirm-dialog.tsx): its first import in a
    // test run can take longer than findBy's default second.
    const dialog = await screen.findByRole("alertdialog", {}, { timeout: 5000 });
    expect(dialog).toHaveTextContent("Delete Roofing?");
    expect(dialog).toHaveTextContent("Roofing goes away.");
    await userEvent.click(screen.getByRole("button", { name: "Cancel" }));
    await waitFor(() => expect(screen.queryByRole("alertdialog")).toBeNull());
    expect(remove).not.toHaveBeenCalled();
  });

  it("removes on confirm and says what the server said", async () => {
    remove.mockResolvedValue({ message: "Niche deleted" });
    renderRows("Failed to delete niche");
    await userEvent.click(screen.getByRole("button", { name: "Delete Roofing" }));
    await userEvent.click(await screen.findByRole("button", { name: "Delete" }));
    await waitFor(() => expect(toast.success).toHaveBeenCalledWith("Niche deleted"));
    expect(remove).toHaveBeenCalledWith("n1");
  });

  it("puts the server's reason after the failure text, or into it", async () => {
    remove.mockRejectedValue(
      new ApiError({ status: 409, code: "CONFLICT", message: "Buyers still use this niche" }),
    );
    renderRows("Failed to delete niche");
    await userEvent.click(screen.getByRole("button", { name: "Delete Roofing" }));
    await userEvent.click(await screen.findByRole("button", { name: "Delete" }));
    await waitFor(() =>
      expect(toast.error).toHaveBeenCalledWith("Failed to delete niche: Buyers still use this niche"),
    );
  });

  it("lets the failure text be built from the reason", async () => {
    remove.mockRejectedValue(
      new ApiError({ status: 409, code: "CONFLICT", message: "Buyers still use this niche" }),
    );
    renderRows((reason) => `Could not delete: ${reason}.`);
    await userEvent.click(screen.getByRole("button", { name: "Delete Roofing" }));
    await userEvent.click(await screen.findByRole("button", { name: "Delete" }));
    await waitFor(() =>
      expect(toast.error).toHaveBeenCalledWith("Could not delete: Buyers still use this niche."),
    );
  });
});
