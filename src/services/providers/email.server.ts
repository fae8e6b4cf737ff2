import type { Db } from "~/db/client.server";
import { outbox } from "~/db/schema/system";

export type EmailMessage = {
  to: string;
  subject: string;
  text: string;
  html?: string;
  link?: string;
  /** Where the recipient's answer goes (a seller's reply to a buyer, decision 066). */
  replyTo?: string;
};

/** Where e-mail goes: the local outbox (dev mailbox) or a real HTTP e-mail API. */
export interface EmailProvider {
  send(message: EmailMessage): Promise<void>;
}

/** Local adapter: the message lands in the D1 outbox, shown at /dev/posta when DEV_OUTBOX is on. */
export function outboxEmailProvider(db: Db): EmailProvider {
  return {
    async send(message) {
      await db.insert(outbox).values({
        channel: "email",
        toAddress: message.to,
        subject: message.subject,
        text: message.text,
        html: message.html ?? null,
        link: message.link ?? null,
        status: "SENT",
        sentAt: new Date().toISOString(),
      });
    },
  };
}

/**
 * Real adapter: any transactional e-mail service with a JSON HTTP API (Resend-style payload).
 * The outbox keeps a copy with the delivery status.
 */
export function httpEmailProvider(
  db: Db,
  config: { url: string; apiKey: string; from: string },
  fetchImpl: typeof fetch = fetch,
): EmailProvider {
  return {
    async send(message) {
      const response = await fetchImpl(config.url, {
        method: "POST",
        headers: { authorization: `Bearer ${config.apiKey}`, "content-type": "application/json" },
        body: JSON.stringify({
          from: config.from,
          to: [message.to],
          subject: message.subject,
          text: message.text,
          html: message.html,
          ...(message.replyTo ? { reply_to: message.replyTo } : {}),
        }),
      });
      await db.insert(outbox).values({
        channel: "email",
        toAddress: message.to,
        subject: message.subject,
        text: message.text,
        link: null,
        status: response.ok ? "SENT" : "FAILED",
        attempts: 1,
        sentAt: response.ok ? new Date().toISOString() : null,
      });
      if (!response.ok) throw new Error(`e-mail provider answered ${response.status}`);
    },
  };
}

/** The configured provider: the HTTP API when EMAIL_API_URL and EMAIL_API_KEY are set, else the outbox. */
export function emailProvider(db: Db, env: Env): EmailProvider {
  if (env.EMAIL_API_URL && env.EMAIL_API_KEY)
    return httpEmailProvider(db, {
      url: env.EMAIL_API_URL,
      apiKey: env.EMAIL_API_KEY,
      from: env.EMAIL_FROM ?? "Avtotrg <noreply@avtotrg.si>",
    });
  return outboxEmailProvider(db);
}
