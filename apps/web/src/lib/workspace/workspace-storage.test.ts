import { describe, expect, it } from "vitest";
import { makeAdminBuyer, makeCompanyUser } from "@/test/fixtures";
import {
  DEFAULT_WORKSPACE,
  readWorkspace,
  resolveWorkspace,
  WORKSPACE_STORAGE_KEY,
  writeWorkspace,
} from "./workspace-storage";

describe("workspace storage", () => {
  it("round-trips through localStorage under workspace-context and ignores junk", () => {
    expect(readWorkspace()).toEqual(DEFAULT_WORKSPACE);
    writeWorkspace({ mode: "buyer", companyId: "c1", buyerId: "b1" });
    expect(JSON.parse(window.localStorage.getItem(WORKSPACE_STORAGE_KEY) ?? "")).toEqual({
      mode: "buyer",
      companyId: "c1",
      buyerId: "b1",
    });
    expect(readWorkspace()).toEqual({ mode: "buyer", companyId: "c1", buyerId: "b1" });
    window.localStorage.setItem(WORKSPACE_STORAGE_KEY, '{"mode":"admin"}');
    expect(readWorkspace()).toEqual(DEFAULT_WORKSPACE);
  });

  it("allows buyer mode only to users with an active buyer record", () => {
    const stored = { mode: "buyer", companyId: null, buyerId: null } as const;
    expect(resolveWorkspace(stored, makeCompanyUser("owner")).mode).toBe("owner");
    const adminBuyer = makeAdminBuyer();
    expect(resolveWorkspace(stored, adminBuyer)).toEqual({
      mode: "buyer",
      buyerId: adminBuyer.activeBuyerId,
      companyId: adminBuyer.buyerWorkspaces[0]?.companyId,
    });
  });

  it("fills the company from whoami when the stored one is not the user's", () => {
    const owner = makeCompanyUser("owner");
    expect(
      resolveWorkspace({ mode: "owner", companyId: "someone-else", buyerId: null }, owner).companyId,
    ).toBe(owner.organizationId);
  });
});
