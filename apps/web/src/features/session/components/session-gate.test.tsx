import { QueryClient, QueryClientProvider } from "@tanstack/react-query";
import { act, fireEvent, render, screen } from "@testing-library/react";
import { MemoryRouter } from "react-router";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { SessionProvider } from "@/lib/session/session-provider";
import { makeCompanyUser } from "@/test/fixtures";
import { FullPageLoading } from "./full-page-loading";
import { SessionGate } from "./session-gate";

function jsonResponse(status: number, body: unknown, headers: Record<string, string> = {}) {
  return new Response(JSON.stringify(body), {
    status,
    headers: { "content-type": "application/json", ...headers },
  });
}

function renderGate() {
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  render(
    <QueryClientProvider client={queryClient}>
      <MemoryRouter>
        <SessionProvider>
          <SessionGate>
            <p>Application ready</p>
          </SessionGate>
        </SessionProvider>
      </MemoryRouter>
    </QueryClientProvider>,
  );
  return { queryClient };
}

describe("FullPageLoading watchdog", () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  it("says it is taking longer only after 4000 ms, and Retry Now retries and restarts the clock", () => {
    const onRetry = vi.fn();
    render(<FullPageLoading onRetry={onRetry} />);
    expect(screen.getByText("Loading...")).toBeInTheDocument();
    expect(screen.getByText("Initializing application...")).toBeInTheDocument();

    act(() => vi.advanceTimersByTime(3999));
    expect(screen.queryByText("This is taking longer than expected...")).not.toBeInTheDocument();
    act(() => vi.advanceTimersByTime(1));
    expect(screen.getByText("This is taking longer than expected...")).toBeInTheDocument();

    fireEvent.click(screen.getByRole("button", { name: "Retry Now" }));
    expect(onRetry).toHaveBeenCalledTimes(1);
    expect(screen.queryByText("This is taking longer than expected...")).not.toBeInTheDocument();
    act(() => vi.advanceTimersByTime(4000));
    expect(screen.getByText("This is taking longer than expected...")).toBeInTheDocument();
  });
});

describe("SessionGate", () => {
  afterEach(() => {
    vi.useRealTimers();
    vi.unstubAllGlobals();
  });

  it("shows the watchdog while whoami hangs, and Retry Now asks again", async () => {
    vi.useFakeTimers();
    const fetchMock = vi.fn(() => new Promise<Response>(() => {}));
    vi.stubGlobal("fetch", fetchMock);
    renderGate();

    expect(screen.getByText("Initializing application...")).toBeInTheDocument();
    await act(async () => vi.advanceTimersByTimeAsync(4000));
    expect(screen.getByText("This is taking longer than expected...")).toBeInTheDocument();
    expect(fetchMock).toHaveBeenCalledTimes(1);

    await act(async () => {
      fireEvent.click(screen.getByRole("button", { name: "Retry Now" }));
      await vi.advanceTimersByTimeAsync(0);
    });
    expect(fetchMock).toHaveBeenCalledTimes(2);
    expect(screen.queryByText("Application ready")).not.toBeInTheDocument();
  });

  it("renders the app once whoami answers, signed in or signed out (401)", async () => {
    vi.stubGlobal(
      "fetch",
      vi.fn(async () => jsonResponse(200, makeCompanyUser())),
    );
    renderGate();
    expect(await screen.findByText("Application ready")).toBeInTheDocument();
  });

  it("treats 401 as signed out, not as a failure", async () => {
    vi.stubGlobal(
      "fetch",
      vi.fn(async () => jsonResponse(401, { error: { code: "UNAUTHENTICATED", message: "Sign in first" } })),
    );
    renderGate();
    expect(await screen.findByText("Application ready")).toBeInTheDocument();
  });

  it("shows the bootstrap failure with the request id, and Retry loads again", async () => {
    const fetchMock = vi
      .fn()
      .mockResolvedValueOnce(
        jsonResponse(500, { error: { code: "INTERNAL", message: "Database down", requestId: "req-42" } }),
      )
      .mockResolvedValueOnce(jsonResponse(200, makeCompanyUser()));
    vi.stubGlobal("fetch", fetchMock);
    renderGate();

    expect(await screen.findByText("Failed to initialize application")).toBeInTheDocument();
    expect(screen.getByText("Database down")).toBeInTheDocument();
    expect(screen.getByText("req-42")).toBeInTheDocument();

    fireEvent.click(screen.getByRole("button", { name: "Retry" }));
    expect(await screen.findByText("Application ready")).toBeInTheDocument();
    expect(fetchMock).toHaveBeenCalledTimes(2);
  });
});
