import { SMTPServer } from "smtp-server";

export type TSmtpMessage = { from: string; to: string[]; data: string; subject: string };

/**
 * A real SMTP server (smtp-server) that can answer the end of DATA slowly, like a loaded mail host.
 * A message counts as delivered only once the server accepted it with the client still connected:
 * a client that vanishes mid-DATA delivered nothing, as with a real server.
 */
export async function startSmtpFake(opts: { delayMs?: number } = {}) {
  const delivered: TSmtpMessage[] = [];
  /** Messages whose DATA has started (accepted or not), newest last. */
  const started: { subject: string }[] = [];
  /** Messages whose client vanished before the server accepted them (never delivered), newest last. */
  const dropped: { subject: string }[] = [];
  /** Sessions with a message waiting for the server's answer, and its subject. */
  const waiting = new Map<string, string>();
  const state = { delayMs: opts.delayMs ?? 0 };
  const closedSessions = new Set<string>();
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ["STARTTLS"],
    logger: false,
    onClose(session) {
      closedSessions.add(session.id);
      // Known at once, not after the delay: a test waits for this instead of for the delay to pass.
      const subject = waiting.get(session.id);
      if (subject !== undefined) dropped.push({ subject });
      waiting.delete(session.id);
    },
    onData(stream, session, callback) {
      let data = "";
      stream.on("data", (chunk: Buffer) => {
        data += chunk.toString();
      });
      stream.on("end", () => {
        const subject = /^Subject: (.*)$/m.exec(data)?.[1]?.trim() ?? "";
        started.push({ subject });
        waiting.set(session.id, subject);
        setTimeout(() => {
          waiting.delete(session.id);
          if (closedSessions.has(session.id)) return;
          delivered.push({
            from: session.envelope.mailFrom ? session.envelope.mailFrom.address : "",
            to: session.envelope.rcptTo.map((r) => r.address),
            data,
            subject,
          });
          callback();
        }, state.delayMs);
      });
    },
  });
  server.on("error", () => {});
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const port = (server.server.address() as { port: number }).port;
  return {
    url: `smtp://127.0.0.1:${port}`,
    delivered,
    started,
    dropped,
    state,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
