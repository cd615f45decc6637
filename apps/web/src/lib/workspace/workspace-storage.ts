import type { TWhoami } from "@leadpost/shared";

/** Spec 000 §3: the workspace context lives in localStorage under this key. */
export const WORKSPACE_STORAGE_KEY = "workspace-context";

export type TWorkspaceMode = "owner" | "buyer";
export type TWorkspace = { mode: TWorkspaceMode; companyId: string | null; buyerId: string | null };

// Hand-written checks rather than zod: this file is part of every page's first load.
export function isWorkspaceMode(value: unknown): value is TWorkspaceMode {
  return value === "owner" || value === "buyer";
}

const isIdOrNull = (value: unknown) => value === null || typeof value === "string";

/** The stored workspace when it has the right shape, otherwise null. */
export function parseWorkspace(value: unknown): TWorkspace | null {
  if (typeof value !== "object" || value === null) return null;
  const { mode, companyId, buyerId } = value as Record<string, unknown>;
  if (!isWorkspaceMode(mode) || !isIdOrNull(companyId) || !isIdOrNull(buyerId)) return null;
  return { mode, companyId: companyId as string | null, buyerId: buyerId as string | null };
}

export const DEFAULT_WORKSPACE: TWorkspace = { mode: "owner", companyId: null, buyerId: null };

function storage(): Storage | null {
  try {
    return window.localStorage;
  } catch {
    return null;
  }
}

export function readWorkspace(): TWorkspace {
  try {
    const raw = storage()?.getItem(WORKSPACE_STORAGE_KEY);
    if (!raw) return DEFAULT_WORKSPACE;
    return parseWorkspace(JSON.parse(raw)) ?? DEFAULT_WORKSPACE;
  } catch {
    return DEFAULT_WORKSPACE;
  }
}

export function writeWorkspace(workspace: TWorkspace): void {
  try {
    storage()?.setItem(WORKSPACE_STORAGE_KEY, JSON.stringify(workspace));
  } catch {
    // Private mode or a full quota: the workspace then lasts for this page only.
  }
}

export function removeWorkspace(): void {
  try {
    storage()?.removeItem(WORKSPACE_STORAGE_KEY);
  } catch {
    // Nothing stored that we could reach.
  }
}

/**
 * The workspace a user may actually be in: buyer mode only with an active buyer record, and the
 * company / buyer ids filled in from whoami when the stored ones do not belong to this user.
 */
export function resolveWorkspace(stored: TWorkspace, user: TWhoami | null): TWorkspace {
  if (!user) return stored;
  if (stored.mode === "buyer" && user.isBuyer) {
    const buyer =
      user.buyerWorkspaces.find((w) => w.buyerId === stored.buyerId) ??
      user.buyerWorkspaces.find((w) => w.buyerId === user.activeBuyerId) ??
      user.buyerWorkspaces[0];
    return {
      mode: "buyer",
      buyerId: buyer?.buyerId ?? user.activeBuyerId,
      companyId: buyer?.companyId ?? user.activeOrgId,
    };
  }
  const ownsStoredCompany = user.roles.some((r) => r.companyId === stored.companyId);
  return {
    mode: "owner",
    companyId: ownsStoredCompany ? stored.companyId : user.organizationId,
    buyerId: user.activeBuyerId,
  };
}
