import { EMAIL_LOG_PAGE_SIZE, type TEmailLog, type TEmailLogQuery } from "@leadpost/shared";
import { and, count, desc, eq, ilike } from "drizzle-orm";
import type { Db } from "../../db/client";
import { emailMessages } from "../../db/schema";
import { AppError } from "../../lib/app-error";
import type { TEmailService } from "./service";

const escapeLike = (value: string) => value.replace(/[\\%_]/g, (ch) => `\\${ch}`);

type TRow = typeof emailMessages.$inferSelect;
const toLogMessage = (r: TRow) => ({
  id: r.id,
  toAddress: r.toAddress,
  subject: r.subject,
  kind: r.kind,
  status: r.status,
  transport: r.transport,
  attempts: r.attempts,
  lastError: r.lastError,
  createdAt: r.createdAt.toISOString(),
  sentAt: r.sentAt?.toISOString() ?? null,
});

/** The company's message log, newest first, 50 a page; by status and part of the recipient. */
export async function listEmailLog(
  db: Db,
  ctx: { companyId: string },
  query: TEmailLogQuery,
): Promise<TEmailLog> {
  const where = and(
    eq(emailMessages.companyId, ctx.companyId),
    query.status ? eq(emailMessages.status, query.status) : undefined,
    query.q ? ilike(emailMessages.toAddress, `%${escapeLike(query.q.toLowerCase())}%`) : undefined,
  );
  const [rows, [total]] = await Promise.all([
    db
      .select()
      .from(emailMessages)
      .where(where)
      .orderBy(desc(emailMessages.createdAt), desc(emailMessages.id))
      .limit(EMAIL_LOG_PAGE_SIZE)
      .offset((query.page - 1) * EMAIL_LOG_PAGE_SIZE),
    db.select({ n: count() }).from(emailMessages).where(where),
  ]);
  return {
    messages: rows.map(toLogMessage),
    total: total?.n ?? 0,
    page: query.page,
    pageSize: EMAIL_LOG_PAGE_SIZE,
  };
}

/** Queues a failed message of the company again; another company's id is simply not found. */
export async function resendFailedEmail(
  deps: { db: Db; email: TEmailService },
  ctx: { companyId: string },
  messageId: string,
) {
  const row = await deps.email.resend(ctx.companyId, messageId);
  if (row) return toLogMessage(row);
  const [existing] = await deps.db
    .select({ status: emailMessages.status })
    .from(emailMessages)
    .where(and(eq(emailMessages.id, messageId), eq(emailMessages.companyId, ctx.companyId)));
  if (!existing) throw new AppError("NOT_FOUND", "This message was not found.");
  throw new AppError("EMAIL_NOT_FAILED", "Only a failed message can be resent.");
}
