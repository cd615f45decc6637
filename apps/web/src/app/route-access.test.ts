// @vitest-environment node
import { describe, expect, it } from "vitest";
import { makeAdminBuyer, makeBuyer, makeCompanyUser, makeWhoami } from "@/test/fixtures";
import { canOpen, decideRouteAccess, homePathFor, routeAreaOf } from "./route-access";

const allow = { type: "allow" };

describe("routeAreaOf", () => {
  it("knows every public route of the route table", () => {
    const publicPaths = [
      "/login",
      "/auth/login",
      "/buyer/login",
      "/register",
      "/auth/register",
      "/auth/forgot-password",
      "/auth/reset-password",
      "/reset-password",
      "/auth/create-password",
      "/auth/chat-password-reset",
      "/buyer/forgot-password",
      "/buyer/reset-password",
      "/auth/reset-password-redirect",
      "/auth/callback",
      "/auth/recovery",
      "/projects/p1",
      "/projects/p1/anything/deeper",
      "/forms/f1",
      "/forms/f1/preview",
      "/forms/f1/embed",
    ];
    for (const path of publicPaths) expect(routeAreaOf(path), path).toBe("public");
  });

  it("classifies buyer, company, developer and other protected routes", () => {
    expect(routeAreaOf("/buyer/dashboard")).toBe("buyer");
    expect(routeAreaOf("/buyer/my-leads")).toBe("buyer");
    expect(routeAreaOf("/")).toBe("company");
    expect(routeAreaOf("/dashboard")).toBe("company");
    expect(routeAreaOf("/dashboard/leads")).toBe("company");
    expect(routeAreaOf("/owner/credits")).toBe("company");
    expect(routeAreaOf("/dashboard/developer")).toBe("developer");
    expect(routeAreaOf("/dashboard/developer/subscribers")).toBe("developer");
    expect(routeAreaOf("/debug/whoami")).toBe("signed-in");
  });

  it("ignores a trailing slash and letter case", () => {
    expect(routeAreaOf("/Login/")).toBe("public");
    expect(routeAreaOf("/dashboard/")).toBe("company");
    expect(routeAreaOf("/dashboard-x")).toBe("signed-in");
  });
});

describe("decideRouteAccess", () => {
  it("lets anyone open public routes, signed in or not", () => {
    expect(decideRouteAccess({ pathname: "/forms/f1", user: null, workspaceMode: "owner" })).toEqual(allow);
    expect(decideRouteAccess({ pathname: "/login", user: makeBuyer(), workspaceMode: "owner" })).toEqual(
      allow,
    );
  });

  it("sends a signed-out visitor on any protected route to /login", () => {
    for (const pathname of ["/", "/dashboard", "/dashboard/leads", "/buyer/dashboard", "/debug/whoami"]) {
      expect(decideRouteAccess({ pathname, user: null, workspaceMode: "owner" })).toEqual({
        type: "redirect",
        to: "/login",
        reason: "signed-out",
      });
    }
  });

  it("sends a company admin who is not in buyer mode from a buyer route to /dashboard", () => {
    for (const role of ["owner", "org_admin"] as const) {
      expect(
        decideRouteAccess({
          pathname: "/buyer/my-leads",
          user: makeAdminBuyer(role),
          workspaceMode: "owner",
        }),
      ).toEqual({ type: "redirect", to: "/dashboard", reason: "not-in-buyer-mode" });
    }
  });

  it("lets a company admin in buyer mode open buyer routes", () => {
    expect(
      decideRouteAccess({ pathname: "/buyer/dashboard", user: makeAdminBuyer(), workspaceMode: "buyer" }),
    ).toEqual(allow);
  });

  it("does not apply the buyer-mode rule to members, who are not company admins", () => {
    const member = makeCompanyUser("member", { isBuyer: true, activeBuyerId: "b1" });
    expect(decideRouteAccess({ pathname: "/buyer/dashboard", user: member, workspaceMode: "owner" })).toEqual(
      allow,
    );
  });

  it("sends a buyer-only user from a company route to /buyer/dashboard", () => {
    for (const pathname of [
      "/",
      "/dashboard",
      "/dashboard/forms",
      "/owner/settings",
      "/dashboard/developer",
    ]) {
      expect(decideRouteAccess({ pathname, user: makeBuyer(), workspaceMode: "owner" })).toEqual({
        type: "redirect",
        to: "/buyer/dashboard",
        reason: "buyer-only",
      });
    }
  });

  it("treats a pending buyer record without a company role as buyer-only too", () => {
    const pending = makeBuyer({ isBuyer: false, buyerStatus: "pending", buyerWorkspaces: [] });
    expect(
      decideRouteAccess({ pathname: "/dashboard", user: pending, workspaceMode: "owner" }),
    ).toMatchObject({
      to: "/buyer/dashboard",
    });
  });

  it("lets buyers open buyer routes and company users open company routes", () => {
    expect(
      decideRouteAccess({ pathname: "/buyer/settings", user: makeBuyer(), workspaceMode: "owner" }),
    ).toEqual(allow);
    for (const role of ["owner", "org_admin", "member"] as const) {
      expect(
        decideRouteAccess({
          pathname: "/dashboard/leads",
          user: makeCompanyUser(role),
          workspaceMode: "owner",
        }),
      ).toEqual(allow);
    }
  });

  it("lets a company admin in buyer mode still open company routes", () => {
    expect(
      decideRouteAccess({ pathname: "/dashboard", user: makeAdminBuyer(), workspaceMode: "buyer" }),
    ).toEqual(allow);
  });

  it("keeps the developer route to platform admins", () => {
    expect(
      decideRouteAccess({
        pathname: "/dashboard/developer",
        user: makeCompanyUser("owner"),
        workspaceMode: "owner",
      }),
    ).toEqual({ type: "redirect", to: "/dashboard", reason: "developer-only" });
    expect(
      decideRouteAccess({
        pathname: "/dashboard/developer/subscribers",
        user: makeWhoami({ isPlatformAdmin: true }),
        workspaceMode: "owner",
      }),
    ).toEqual(allow);
  });

  it("lets platform admins skip every role check", () => {
    const admin = makeAdminBuyer("owner");
    Object.assign(admin, { isPlatformAdmin: true });
    const buyerAdmin = makeBuyer({ isPlatformAdmin: true });
    expect(decideRouteAccess({ pathname: "/buyer/dashboard", user: admin, workspaceMode: "owner" })).toEqual(
      allow,
    );
    expect(decideRouteAccess({ pathname: "/dashboard", user: buyerAdmin, workspaceMode: "owner" })).toEqual(
      allow,
    );
  });

  it("lets a user with neither a company role nor a buyer record reach the company dashboard", () => {
    // The dashboard then says "No company associated with your account".
    expect(decideRouteAccess({ pathname: "/dashboard", user: makeWhoami(), workspaceMode: "owner" })).toEqual(
      allow,
    );
  });

  it("lets any signed-in user open /debug/whoami", () => {
    expect(
      decideRouteAccess({ pathname: "/debug/whoami", user: makeBuyer(), workspaceMode: "owner" }),
    ).toEqual(allow);
  });

  it("keeps /debug/whoami for platform admins in a production build", () => {
    expect(
      decideRouteAccess({
        pathname: "/debug/whoami",
        user: makeBuyer(),
        workspaceMode: "owner",
        isProduction: true,
      }),
    ).toEqual({ type: "redirect", to: "/dashboard", reason: "debug-admin-only" });
    expect(
      decideRouteAccess({
        pathname: "/debug/whoami",
        user: { ...makeBuyer(), isPlatformAdmin: true },
        workspaceMode: "owner",
        isProduction: true,
      }),
    ).toEqual(allow);
  });
});

describe("homePathFor", () => {
  it("sends company users to /dashboard and buyers to /buyer/dashboard", () => {
    expect(homePathFor(makeCompanyUser("member"))).toBe("/dashboard");
    expect(homePathFor(makeBuyer())).toBe("/buyer/dashboard");
    expect(homePathFor(makeWhoami({ isPlatformAdmin: true }))).toBe("/dashboard");
    expect(homePathFor(makeWhoami())).toBe("/dashboard");
  });

  it("keeps a company admin who chose the buyer workspace in the buyer portal", () => {
    expect(homePathFor(makeAdminBuyer(), "owner")).toBe("/dashboard");
    expect(homePathFor(makeAdminBuyer(), "buyer")).toBe("/buyer/dashboard");
    expect(homePathFor(makeCompanyUser("owner"), "buyer")).toBe("/dashboard");
  });
});

describe("the table of roles", () => {
  it("keeps a user with no buyer record out of the buyer portal, platform admins included", () => {
    for (const user of [
      makeCompanyUser("owner"),
      makeCompanyUser("member"),
      makeWhoami({ isPlatformAdmin: true }),
    ]) {
      for (const workspaceMode of ["owner", "buyer"] as const) {
        expect(decideRouteAccess({ pathname: "/buyer/my-leads", user, workspaceMode })).toEqual({
          type: "redirect",
          to: "/dashboard",
          reason: "no-buyer-record",
        });
      }
    }
  });

  it("keeps members off the Credits page, in the guard and in the navigation", () => {
    const member = makeCompanyUser("member");
    expect(decideRouteAccess({ pathname: "/owner/credits", user: member, workspaceMode: "owner" })).toEqual({
      type: "redirect",
      to: "/dashboard",
      reason: "company-admin-only",
    });
    expect(canOpen("/owner/credits", member)).toBe(false);
    expect(canOpen("/owner/credits", makeCompanyUser("org_admin"))).toBe(true);
    expect(canOpen("/dashboard/leads", member)).toBe(true);
  });
});

describe("company navigation", () => {
  it("reads the same table: no Credits link for members", async () => {
    const { companyNavGroups } = await import("./layouts/company-nav");
    const titles = (user: ReturnType<typeof makeCompanyUser>) =>
      companyNavGroups(user).flatMap((g) => g.items.map((i) => i.title));
    expect(titles(makeCompanyUser("member"))).not.toContain("Credits");
    expect(titles(makeCompanyUser("owner"))).toContain("Credits");
  });

  it("links a member to no page that only shows the permission text (Email, Settings, Preferences, Auth Events)", async () => {
    const { companyNavGroups } = await import("./layouts/company-nav");
    const links = (user: ReturnType<typeof makeCompanyUser>) =>
      companyNavGroups(user).flatMap((g) =>
        g.items.flatMap((i) => [i.title, ...(i.items ?? []).map((s) => s.title)]),
      );
    const member = links(makeCompanyUser("member"));
    for (const title of ["Email", "Settings", "Preferences", "Auth Events"])
      expect(member).not.toContain(title);
    expect(member).toEqual(expect.arrayContaining(["Dashboard", "Forms", "Leads", "Buyers"]));
    for (const role of ["owner", "org_admin"] as const) {
      expect(links(makeCompanyUser(role))).toEqual(
        expect.arrayContaining(["Email", "Settings", "Preferences", "Auth Events"]),
      );
    }
  });
});
