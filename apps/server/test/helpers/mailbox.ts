import { and, desc, eq } from "drizzle-orm";
import { emailMessages } from "../../src/db/schema";
import type { TTestContext } from "./test-app";

/** The newest stored message to an address, and the links in it. */
export async function latestEmail(ctx: TTestContext, to: string, kind?: string) {
  const [message] = await ctx.database.db
    .select()
    .from(emailMessages)
    .where(
      and(eq(emailMessages.toAddress, to.toLowerCase()), kind ? eq(emailMessages.kind, kind) : undefined),
    )
    .orderBy(desc(emailMessages.createdAt))
    .limit(1);
  if (!message) throw new Error(`no e-mail to ${to}${kind ? ` of kind ${kind}` : ""}`);
  const links = [...message.html.matchAll(/href="([^"]+)"/g)].map((m) => m[1]!.replaceAll("&amp;", "&"));
  return { ...message, links };
}
