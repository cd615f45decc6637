import { SMTPServer } from "smtp-server";

export type TSmtpMessage = { from: string; to: string[]; data: string; subject: string };

/**
 * A real SMTP server (smtp-server) that can hold its answer to the end of DATA until the test
 * releases it, like a mail host that is slow for as long as the test needs. A message counts as
 * delivered only once the server accepted it with the client still connected: a client that vanishes
 * mid-DATA delivered nothing, as with a real server.
 */
export async function startSmtpFake() {
  const delivered: TSmtpMessage[] = [];
  /** Messages whose DATA has ended (accepted or not), newest last. */
  const started: { subject: string; to: string[] }[] = [];
  /** Messages whose client vanished before the server accepted them (never delivered), newest last. */
  const dropped: { subject: string }[] = [];
  /** Sessions with a message waiting for the server's answer, and its recipients and subject. */
  const waiting = new Map<string, { subject: string; to: string[] }>();
  const closedSessions = new Set<string>();
  // While held, every message's answer waits for this promise; the test resolves it with release().
  let gate: Promise<void> | null = null;
  let openGate = () => {};
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ["STARTTLS"],
    logger: false,
    onClose(session) {
      closedSessions.add(session.id);
      // Known at once: a test waits for this instead of for time to pass.
      const message = waiting.get(session.id);
      if (message !== undefined) dropped.push({ subject: message.subject });
      waiting.delete(session.id);
    },
    onData(stream, session, callback) {
      let data = "";
      stream.on("data", (chunk: Buffer) => {
        data += chunk.toString();
      });
      stream.on("end", () => {
        const subject = /^Subject: (.*)$/m.exec(data)?.[1]?.trim() ?? "";
        const to = session.envelope.rcptTo.map((r) => r.address);
        started.push({ subject, to });
        waiting.set(session.id, { subject, to });
        void (gate ?? Promise.resolve()).then(() => {
          waiting.delete(session.id);
          if (closedSessions.has(session.id)) return;
          delivered.push({
            from: session.envelope.mailFrom ? session.envelope.mailFrom.address : "",
            to,
            data,
            subject,
          });
          callback();
        });
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
    /** From now on, no message is accepted until release(). */
    hold() {
      gate ??= new Promise<void>((resolve) => {
        openGate = resolve;
      });
    },
    /** Accepts the held messages, and later ones at once. */
    release() {
      openGate();
      gate = null;
    },
    /** Whether a message to this address reached the server and waits for its answer, client connected. */
    holds: (address: string) => [...waiting.values()].some((m) => m.to.includes(address)),
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
