import type { ReactNode } from "react";
import { Notice, type NoticeMessage } from "~/components/ui/notice";
import { DmsNav } from "./dms-nav";

/**
 * The frame of the dealership's people pages (salespeople, contacts): the DMS tabs, title and intro, the
 * last action's message, the list (or its empty note) and, beside it on wide screens, the form.
 */
export function PeoplePageLayout({
  current,
  dealershipCode,
  title,
  intro,
  notice,
  listId,
  listLabel,
  empty,
  gridClass,
  form,
  dialog,
  children,
}: {
  current: "salespeople" | "contacts";
  dealershipCode: string | null | undefined;
  title: string;
  intro: string;
  notice: NoticeMessage | null;
  /** The list heading's id (the section is labelled by it). */
  listId: string;
  listLabel: string;
  /** The note shown when the list is empty, or null. */
  empty: string | null;
  gridClass: string;
  form: ReactNode;
  /** The confirmation dialog of the list's removals. */
  dialog: ReactNode;
  /** The list itself. */
  children: ReactNode;
}) {
  return (
    <div className="space-y-5">
      <DmsNav current={current} dealershipCode={dealershipCode} />
      <div>
        <h1 className="text-2xl font-bold tracking-tight">{title}</h1>
        <p className="mt-1 max-w-2xl text-sm text-muted">{intro}</p>
      </div>
      <Notice notice={notice} />
      <div className={gridClass}>
        <section aria-labelledby={listId} className="space-y-3">
          <h2 id={listId} className="sr-only">
            {listLabel}
          </h2>
          {empty ? <p className="card p-6 text-center text-muted">{empty}</p> : null}
          {children}
        </section>
        {form}
      </div>
      {dialog}
    </div>
  );
}

/** A phone or e-mail link in a people list. */
export function ContactLink({ href, children }: { href: string; children: ReactNode }) {
  return (
    <a className="underline decoration-line underline-offset-2 hover:decoration-ink" href={href}>
      {children}
    </a>
  );
}
