import { describe, expect, it } from "vitest";
import { isCompanyAdminRole, normalizeRole } from "./roles";

describe("normalizeRole", () => {
  it("treats stored admin as org_admin and ignores case", () => {
    expect(normalizeRole("admin")).toBe("org_admin");
    expect(normalizeRole(" OWNER ")).toBe("owner");
    expect(normalizeRole("Member")).toBe("member");
    expect(normalizeRole("buyer")).toBeNull();
  });
  it("counts owner and org_admin as company admins", () => {
    expect(isCompanyAdminRole("owner")).toBe(true);
    expect(isCompanyAdminRole("org_admin")).toBe(true);
    expect(isCompanyAdminRole("member")).toBe(false);
  });
});
