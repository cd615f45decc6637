import { PLATFORM_LIST_PAGE_SIZE, type TPlatformUserList } from "@leadpost/shared";
import { and, asc, count, desc, eq, ilike, isNull, or, type SQL } from "drizzle-orm";
import type { TDeps } from "../../app-types";
import { buyers, companies, userRoles, users } from "../../db/schema";
import { isPlatformAdminEmail } from "./guard";

type TListDeps = Pick<TDeps, "database" | "config">;

/** `%text%` for ILIKE with the user's own % and _ taken literally. */
const containing = (text: string) => `%${text.replace(/[\\%_]/g, (ch) => `\\${ch}`)}%`;

/** Lead Buyers and Company Owners tabs: every company's buyers, or owners, 20 per page. */
export async function listPlatformUsers(
  deps: TListDeps,
  query: { role: "buyer" | "owner"; search?: string; page: number },
): Promise<TPlatformUserList> {
  const db = deps.database.db;
  const offset = (query.page - 1) * PLATFORM_LIST_PAGE_SIZE;
  const pattern = query.search ? containing(query.search) : null;
  const admins = deps.config.platformAdminEmails;

  if (query.role === "buyer") {
    const where = and(
      isNull(buyers.deletedAt),
      pattern
        ? or(ilike(buyers.email, pattern), ilike(buyers.contactName, pattern), ilike(companies.name, pattern))
        : undefined,
    );
    const [rows, [total]] = await Promise.all([
      db
        .select({
          rowId: buyers.id,
          userId: buyers.userId,
          email: buyers.email,
          name: buyers.contactName,
          companyId: companies.id,
          companyName: companies.name,
          status: buyers.status,
          createdAt: buyers.createdAt,
        })
        .from(buyers)
        .innerJoin(companies, eq(companies.id, buyers.companyId))
        .where(where)
        .orderBy(desc(buyers.createdAt), asc(buyers.id))
        .limit(PLATFORM_LIST_PAGE_SIZE)
        .offset(offset),
      db
        .select({ n: count() })
        .from(buyers)
        .innerJoin(companies, eq(companies.id, buyers.companyId))
        .where(where),
    ]);
    return {
      items: rows.map((r) => ({
        ...r,
        isPlatformAdmin: isPlatformAdminEmail(r.email, admins),
        createdAt: r.createdAt.toISOString(),
      })),
      total: total?.n ?? 0,
      page: query.page,
      pageSize: PLATFORM_LIST_PAGE_SIZE,
    };
  }

  const where: SQL | undefined = and(
    eq(userRoles.role, "owner"),
    pattern
      ? or(ilike(users.email, pattern), ilike(users.name, pattern), ilike(companies.name, pattern))
      : undefined,
  );
  const [rows, [total]] = await Promise.all([
    db
      .select({
        rowId: userRoles.id,
        userId: users.id,
        email: users.email,
        name: users.name,
        companyId: companies.id,
        companyName: companies.name,
        createdAt: userRoles.createdAt,
      })
      .from(userRoles)
      .innerJoin(users, eq(users.id, userRoles.userId))
      .innerJoin(companies, eq(companies.id, userRoles.companyId))
      .where(where)
      .orderBy(desc(userRoles.createdAt), asc(userRoles.id))
      .limit(PLATFORM_LIST_PAGE_SIZE)
      .offset(offset),
    db
      .select({ n: count() })
      .from(userRoles)
      .innerJoin(users, eq(users.id, userRoles.userId))
      .innerJoin(companies, eq(companies.id, userRoles.companyId))
      .where(where),
  ]);
  return {
    items: rows.map((r) => ({
      ...r,
      status: null,
      isPlatformAdmin: isPlatformAdminEmail(r.email, admins),
      createdAt: r.createdAt.toISOString(),
    })),
    total: total?.n ?? 0,
    page: query.page,
    pageSize: PLATFORM_LIST_PAGE_SIZE,
  };
}

/** The Create and Recreate forms' company choices. */
export async function listCompanyOptions(deps: Pick<TDeps, "database">) {
  return deps.database.db
    .select({ id: companies.id, name: companies.name })
    .from(companies)
    .orderBy(asc(companies.name));
}
