import { afterEach, describe, expect, it, vi } from "vitest";
import { flashToast, takeFlashToast } from "./flash-toast";
import { loadOwnPage, ownPageLoaded } from "./own-page";

afterEach(() => window.sessionStorage.clear());

describe("loadOwnPage", () => {
  it("loads the address once, and refuses a second load of it moments later (the server sent the app back)", () => {
    const replace = vi.fn();
    vi.spyOn(window, "location", "get").mockReturnValue({ ...window.location, replace });
    expect(loadOwnPage("/login?tab=buyer", 1_000)).toBe(true);
    expect(replace).toHaveBeenCalledWith("/login?tab=buyer");
    expect(loadOwnPage("/login?tab=buyer", 2_000)).toBe(false);
    expect(replace).toHaveBeenCalledTimes(1);
    // Another address, or the same one later, loads.
    expect(loadOwnPage("/auth/login", 3_000)).toBe(true);
    expect(loadOwnPage("/auth/login", 60_000)).toBe(true);
  });

  it("loads again at once after the page itself said it arrived", () => {
    const replace = vi.fn();
    vi.spyOn(window, "location", "get").mockReturnValue({ ...window.location, replace });
    expect(loadOwnPage("/login", 1_000)).toBe(true);
    ownPageLoaded();
    expect(loadOwnPage("/login", 1_500)).toBe(true);
    expect(replace).toHaveBeenCalledTimes(2);
  });
});

describe("flash toasts", () => {
  it("keeps one toast for the next page, read once", () => {
    flashToast("success", "Logged out successfully");
    expect(takeFlashToast()).toEqual({ kind: "success", message: "Logged out successfully" });
    expect(takeFlashToast()).toBeNull();
  });

  it("ignores what is not a toast", () => {
    window.sessionStorage.setItem("leadpost-flash-toast", JSON.stringify({ kind: "boom", message: 1 }));
    expect(takeFlashToast()).toBeNull();
    window.sessionStorage.setItem("leadpost-flash-toast", "{not json");
    expect(takeFlashToast()).toBeNull();
  });
});
