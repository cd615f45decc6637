export type TOutgoingEmail = {
  from: string;
  to: string;
  subject: string;
  html: string;
  text?: string | null;
  /** Same key on a retry: the provider sends the message at most once. */
  idempotencyKey: string;
};

export type TEmailTransport = {
  name: "resend" | "smtp" | "mailbox";
  send(message: TOutgoingEmail): Promise<{ providerMessageId: string | null }>;
};

export class EmailDeliveryError extends Error {
  constructor(
    message: string,
    /** False when retrying cannot help (bad address, rejected key). */
    readonly retryable: boolean,
  ) {
    super(message);
  }
}

/** The built-in mailbox keeps the stored message and delivers nothing: /dev/mailbox shows it. */
export const mailboxTransport: TEmailTransport = {
  name: "mailbox",
  send: async () => ({ providerMessageId: null }),
};
