import { createFileRoute, notFound } from "@tanstack/react-router";
import { formatDateTime } from "~/domain/format";
import { api } from "~/client/api";
import { data } from "~/client/api-client";
import { ApiError } from "~/client/errors";
import { pageTitle } from "~/lib/page-title";
import { m } from "~/paraglide/messages";

export const Route = createFileRoute("/_default/dev/posta")({
  // The API answers 404 unless DEV_OUTBOX is on; so does this page.
  loader: async () => {
    try {
      return await data(api.dev.outbox.$get());
    } catch (error) {
      if (error instanceof ApiError && error.statusCode === 404) throw notFound();
      throw error;
    }
  },
  head: () => ({ meta: [{ title: pageTitle(m.dev_mailbox_title()) }, { name: "robots", content: "noindex" }] }),
  staleTime: 0,
  component: function DevMailbox() {
    const messages = Route.useLoaderData();
    return (
      <div className="mx-auto max-w-3xl">
        <h1 className="text-2xl font-bold">{m.dev_mailbox_title()}</h1>
        <p className="mt-2 text-muted">{m.dev_mailbox_intro()}</p>
        {messages.length === 0 ? <p className="mt-6">{m.dev_mailbox_empty()}</p> : null}
        <ul className="mt-6 space-y-4">
          {messages.map((msg) => (
            <li key={msg.id} className="card p-4" data-testid="dev-message">
              <div className="flex flex-wrap items-baseline justify-between gap-2 text-sm text-muted">
                <span>
                  {m.dev_mailbox_to({ to: msg.to })} ·{" "}
                  {msg.channel === "sms" ? m.dev_mailbox_sms() : m.dev_mailbox_email()}
                </span>
                <time dateTime={msg.createdAt}>{formatDateTime(msg.createdAt)}</time>
              </div>
              {msg.subject ? <h2 className="mt-1 font-semibold">{msg.subject}</h2> : null}
              <pre className="mt-2 whitespace-pre-wrap break-words font-sans text-sm [overflow-wrap:anywhere]">
                {msg.text}
              </pre>
              {msg.pin ? <p className="mt-2 font-mono text-lg font-bold">{msg.pin}</p> : null}
              {msg.link ? (
                <a href={msg.link} className="btn-primary mt-3">
                  {m.dev_mailbox_open_link()}
                </a>
              ) : null}
            </li>
          ))}
        </ul>
      </div>
    );
  },
});
