// @vitest-environment node
import { describe, expect, it } from "vitest";
import { makeAdminBuyer, makeBuyer, makeCompanyUser, makeWhoami } from "@/test/fixtures";
import { signInDestination } from "./sign-in-destination";

describe("signInDestination", () => {
  it("sends company users to /dashboard and buyers to /buyer/dashboard from the Company Owner tab", () => {
    expect(signInDestination(makeCompanyUser("member"), "company")).toEqual({
      to: "/dashboard",
      workspaceMode: "owner",
    });
    expect(signInDestination(makeBuyer(), "company")).toEqual({
      to: "/buyer/dashboard",
      workspaceMode: "buyer",
    });
  });

  it("puts an admin who is also a buyer into buyer mode from the Lead Buyer tab", () => {
    expect(signInDestination(makeAdminBuyer(), "buyer")).toEqual({
      to: "/buyer/dashboard",
      workspaceMode: "buyer",
    });
    expect(signInDestination(makeAdminBuyer(), "company")).toEqual({
      to: "/dashboard",
      workspaceMode: "owner",
    });
  });

  it("warns a non-buyer who used the Lead Buyer tab and sends them to /dashboard", () => {
    expect(signInDestination(makeCompanyUser("owner"), "buyer")).toEqual({
      to: "/dashboard",
      workspaceMode: "owner",
      warning: "not-a-buyer",
    });
    expect(signInDestination(makeWhoami(), "buyer").warning).toBe("not-a-buyer");
  });

  it("refuses a user whose only buyer records are pending or inactive, from either tab", () => {
    const inactive = { ...makeBuyer(), isBuyer: false, buyerStatus: "inactive" as const };
    expect(signInDestination(inactive, "buyer").refused).toBe("buyer-not-active");
    expect(signInDestination(inactive, "company").refused).toBe("buyer-not-active");
    expect(signInDestination(makeBuyer(), "buyer").refused).toBeUndefined();
  });
});
