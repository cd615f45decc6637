import { afterEach, describe, expect, it, vi } from "vitest";
import { flashToast, flashToasts, takeFlashToasts } from "./flash-toast";
import { loadOwnPage, ownPageLoaded } from "./own-page";
import { TOAST_DURATION_MS, takeToastsOnScreen, toast } from "./toast";

afterEach(() => window.sessionStorage.clear());

describe("loadOwnPage", () => {
  it("loads the address once, and refuses a second load of it moments later (the server sent the app back)", () => {
    const replace = vi.fn();
    vi.spyOn(window, "location", "get").mockReturnValue({ ...window.location, replace });
    expect(loadOwnPage("/login?tab=buyer", 1_000, "http://localhost/dashboard")).toBe(true);
    expect(replace).toHaveBeenCalledWith("/login?tab=buyer");
    // The app came back at that address.
    expect(loadOwnPage("/login?tab=buyer", 2_000, "http://localhost/login?tab=buyer")).toBe(false);
    expect(replace).toHaveBeenCalledTimes(1);
    // Another address, or the same one later, loads.
    expect(loadOwnPage("/auth/login", 3_000, "http://localhost/dashboard")).toBe(true);
    expect(loadOwnPage("/auth/login", 60_000, "http://localhost/auth/login")).toBe(true);
  });

  it("loads when the earlier load never arrived: the user opened another page of the app first", () => {
    const replace = vi.fn();
    vi.spyOn(window, "location", "get").mockReturnValue({ ...window.location, replace });
    expect(loadOwnPage("/login", 1_000, "http://localhost/dashboard")).toBe(true);
    // The user typed another address before the sign-in page ran; that page also sends them to sign in.
    expect(loadOwnPage("/login", 2_000, "http://localhost/buyer/settings")).toBe(true);
    expect(replace).toHaveBeenCalledTimes(2);
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
  it("keeps toasts for the next page, read once", () => {
    flashToast("success", "Logged out successfully");
    flashToasts([{ kind: "info", message: "Later", description: "why", duration: 10_000 }]);
    expect(takeFlashToasts()).toEqual([
      { kind: "success", message: "Logged out successfully" },
      { kind: "info", message: "Later", description: "why", duration: 10_000 },
    ]);
    expect(takeFlashToasts()).toEqual([]);
  });

  it("ignores what is not a toast", () => {
    window.sessionStorage.setItem("leadpost-flash-toast", JSON.stringify([{ kind: "boom", message: 1 }]));
    expect(takeFlashToasts()).toEqual([]);
    window.sessionStorage.setItem("leadpost-flash-toast", "{not json");
    expect(takeFlashToasts()).toEqual([]);
  });

  it("hands on the text toasts still on screen with the time they have left, once", () => {
    vi.useFakeTimers();
    try {
      toast.info("Old news");
      vi.advanceTimersByTime(TOAST_DURATION_MS + 1);
      toast.success("Your password has been created. Please sign in.", { duration: 10_000 });
      vi.advanceTimersByTime(2_000);
      toast.success("Logged out successfully", { description: "See you" });
      expect(takeToastsOnScreen()).toEqual([
        { kind: "success", message: "Your password has been created. Please sign in.", duration: 8_000 },
        { kind: "success", message: "Logged out successfully", description: "See you", duration: 4_000 },
      ]);
      expect(takeToastsOnScreen()).toEqual([]);
    } finally {
      vi.useRealTimers();
    }
  });
});
