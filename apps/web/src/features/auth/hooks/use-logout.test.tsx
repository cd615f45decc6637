import { act, renderHook } from "@testing-library/react";
import { afterEach, describe, expect, it, vi } from "vitest";
import { takeFlashToasts } from "@/lib/flash-toast";
import { SIGN_OUT_FORCE_REDIRECT_MS, useLogout } from "./use-logout";

const session = vi.hoisted(() => ({ clear: vi.fn(), reset: vi.fn(), navigate: vi.fn() }));
vi.mock("@/lib/session/use-session", () => ({ useSession: () => ({ clear: session.clear }) }));
vi.mock("@/lib/workspace/use-workspace", () => ({ useWorkspace: () => ({ reset: session.reset }) }));
vi.mock("react-router", () => ({ useNavigate: () => session.navigate }));
// The server never answers the sign-out.
vi.mock("../sign-out-api", () => ({ signOut: () => new Promise(() => {}) }));

afterEach(() => {
  vi.useRealTimers();
  window.sessionStorage.clear();
});

describe("useLogout", () => {
  it("leaves for the sign-in page after 2 s without the server's answer, and the sign-in page says Logged out successfully (000 §9)", () => {
    vi.useFakeTimers();
    const replace = vi.fn();
    vi.spyOn(window, "location", "get").mockReturnValue({ ...window.location, replace });
    const { result } = renderHook(() => useLogout());
    act(() => result.current.logout());
    act(() => vi.advanceTimersByTime(SIGN_OUT_FORCE_REDIRECT_MS - 1));
    expect(replace).not.toHaveBeenCalled();
    act(() => vi.advanceTimersByTime(1));
    expect(session.clear).toHaveBeenCalled();
    expect(session.reset).toHaveBeenCalled();
    expect(replace).toHaveBeenCalledWith("/login");
    // What the sign-in page (a page of its own, loaded anew) shows when it opens.
    expect(takeFlashToasts()).toEqual([
      expect.objectContaining({ kind: "success", message: "Logged out successfully" }),
    ]);
  });
});
