import { appConfig } from "~/app.config";
import { hitRateLimit } from "~/db/auth.server";
import type { Db } from "~/db/client.server";
import { outbox } from "~/db/schema/system";
import { AppError } from "~/domain/errors";
import { localClient } from "~/lib/client-address";

export type SmsMessage = { to: string; text: string; pin?: string };

/** Where SMS goes: the local outbox (dev mailbox shows the PIN) or a real HTTP SMS gateway. */
export interface SmsProvider {
  send(message: SmsMessage): Promise<void>;
}

/** Local adapter: stored in the outbox; the PIN is kept only here, for the development mailbox. */
export function outboxSmsProvider(db: Db): SmsProvider {
  return {
    async send(message) {
      await db.insert(outbox).values({
        channel: "sms",
        toAddress: message.to,
        text: message.text,
        pin: message.pin ?? null,
        status: "SENT",
        sentAt: new Date().toISOString(),
      });
    },
  };
}

/** Real adapter: an HTTP SMS gateway (JSON {to, text}); the outbox keeps a copy without the PIN. */
export function httpSmsProvider(
  db: Db,
  config: { url: string; apiKey: string },
  fetchImpl: typeof fetch = fetch,
): SmsProvider {
  return {
    async send(message) {
      const response = await fetchImpl(config.url, {
        method: "POST",
        headers: { authorization: `Bearer ${config.apiKey}`, "content-type": "application/json" },
        body: JSON.stringify({ to: message.to, text: message.text }),
      });
      await db.insert(outbox).values({
        channel: "sms",
        toAddress: message.to,
        text: message.pin ? message.text.replace(message.pin, "•••••") : message.text,
        status: response.ok ? "SENT" : "FAILED",
        attempts: 1,
      });
      if (!response.ok) throw new Error(`SMS gateway answered ${response.status}`);
    },
  };
}

export const smsTooManyRequests = () =>
  new AppError(
    429,
    "Na to številko ali s tega naslova smo poslali že več sporočil SMS. Poskusite znova čez nekaj minut.",
    { code: "TOO_MANY_REQUESTS" },
  );

/**
 * Every SMS passes here (decision 036): at most `smsPerNumberPer10Min` to one number in 10 minutes
 * over every route that sends one, and `smsPerClientPerHour` from one client. Each count is one
 * conditional upsert (hitRateLimit), so parallel requests cannot slip past it.
 */
export function limitedSmsProvider(
  db: Db,
  inner: SmsProvider,
  client: string,
  now: () => Date = () => new Date(),
): SmsProvider {
  return {
    async send(message) {
      const at = now();
      const toNumber = await hitRateLimit(
        db,
        `sms:to:${message.to}`,
        appConfig.limits.smsPerNumberPer10Min,
        10 * 60_000,
        at,
      );
      // A local run is one client (the developer, decision 037): only the per-number limit applies there.
      const fromClient =
        client === localClient ||
        (await hitRateLimit(db, `sms:client:${client}`, appConfig.limits.smsPerClientPerHour, 60 * 60_000, at));
      if (!toNumber || !fromClient) throw smsTooManyRequests();
      await inner.send(message);
    },
  };
}

/** The one way to send an SMS: the configured gateway (or the outbox) behind the limits above. `client`: the requester's address (clientIp). */
export function smsProvider(db: Db, env: Env, client: string): SmsProvider {
  const inner =
    env.SMS_API_URL && env.SMS_API_KEY
      ? httpSmsProvider(db, { url: env.SMS_API_URL, apiKey: env.SMS_API_KEY })
      : outboxSmsProvider(db);
  return limitedSmsProvider(db, inner, client);
}
