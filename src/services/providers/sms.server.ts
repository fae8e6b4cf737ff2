import type { Db } from "~/db/client.server";
import { outbox } from "~/db/schema";

export type SmsMessage = { to: string; text: string; pin?: string };

/** Where SMS goes: the local outbox (dev mailbox shows the PIN) or a real HTTP SMS gateway. */
export interface SmsProvider {
  send(message: SmsMessage): Promise<void>;
}

/** Local adapter: stored in the outbox; the PIN is kept only here, for the development mailbox. */
export function outboxSmsProvider(db: Db): SmsProvider {
  return {
    async send(message) {
      await db.insert(outbox).values({ channel: "sms", toAddress: message.to, text: message.text, pin: message.pin ?? null, status: "SENT", sentAt: new Date().toISOString() });
    },
  };
}

/** Real adapter: an HTTP SMS gateway (JSON {to, text}); the outbox keeps a copy without the PIN. */
export function httpSmsProvider(db: Db, config: { url: string; apiKey: string }, fetchImpl: typeof fetch = fetch): SmsProvider {
  return {
    async send(message) {
      const response = await fetchImpl(config.url, {
        method: "POST",
        headers: { authorization: `Bearer ${config.apiKey}`, "content-type": "application/json" },
        body: JSON.stringify({ to: message.to, text: message.text }),
      });
      await db.insert(outbox).values({ channel: "sms", toAddress: message.to, text: message.pin ? message.text.replace(message.pin, "•••••") : message.text, status: response.ok ? "SENT" : "FAILED", attempts: 1 });
      if (!response.ok) throw new Error(`SMS gateway answered ${response.status}`);
    },
  };
}

export function smsProvider(db: Db, env: Env): SmsProvider {
  if (env.SMS_API_URL && env.SMS_API_KEY) return httpSmsProvider(db, { url: env.SMS_API_URL, apiKey: env.SMS_API_KEY });
  return outboxSmsProvider(db);
}
