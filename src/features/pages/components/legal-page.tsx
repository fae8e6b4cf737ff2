import { Fragment, type ReactNode } from "react";
import { formatDate } from "~/domain/format";
import { m } from "~/paraglide/messages";
import type { LegalBlock, LegalDocument } from "../content/types";
import { inlineParts } from "../inline-links";

function Inline({ text }: { text: string }) {
  return (
    <>
      {inlineParts(text).map((part, i) =>
        part.href ? (
          <a
            key={i}
            href={part.href}
            className="font-medium text-brand-700 underline underline-offset-2 hover:text-brand-800"
          >
            {part.text}
          </a>
        ) : (
          <Fragment key={i}>{part.text}</Fragment>
        ),
      )}
    </>
  );
}

function Block({ block }: { block: LegalBlock }) {
  switch (block.type) {
    case "p":
      return (
        <p>
          <Inline text={block.text} />
        </p>
      );
    case "note":
      return (
        <p className="rounded-lg border-l-4 border-brand-500 bg-brand-50 px-4 py-3">
          <Inline text={block.text} />
        </p>
      );
    case "ul":
    case "ol": {
      const List = block.type;
      return (
        <List className={`space-y-1.5 pl-5 ${block.type === "ul" ? "list-disc" : "list-decimal"} marker:text-muted`}>
          {block.items.map((item, i) => (
            <li key={i} className="pl-1">
              <Inline text={item} />
            </li>
          ))}
        </List>
      );
    }
    case "table":
      return (
        // A wide table scrolls sideways on phones: the scroll box takes focus so the keyboard can scroll it.
        <div
          className="overflow-x-auto rounded-lg border border-line"
          role="region"
          aria-label={block.caption}
          tabIndex={0}
        >
          <table className="w-full min-w-[36rem] border-collapse text-left text-sm">
            <caption className="sr-only">{block.caption}</caption>
            <thead className="bg-surface">
              <tr>
                {block.head.map((h) => (
                  <th key={h} scope="col" className="border-b border-line px-3 py-2 font-semibold">
                    {h}
                  </th>
                ))}
              </tr>
            </thead>
            <tbody>
              {block.rows.map((row, r) => (
                <tr key={r} className="align-top odd:bg-white even:bg-surface/50">
                  {row.map((cell, c) => (
                    <td
                      key={c}
                      className={`border-b border-line px-3 py-2 ${c === 0 && block.codeColumn ? "font-mono text-xs" : ""}`}
                    >
                      <Inline text={cell} />
                    </td>
                  ))}
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      );
  }
}

/**
 * A legal or information page from structured content: title, last change, a table of contents
 * with anchors, numbered sections. `plain` drops the card look (the manager-app pages);
 * `actions` go beside the print button.
 */
export function LegalPage({
  doc,
  plain = false,
  actions,
}: {
  doc: LegalDocument;
  plain?: boolean;
  actions?: ReactNode;
}) {
  return (
    <article aria-labelledby="legal-title" className="mx-auto max-w-5xl" data-testid="legal-page">
      <header className="mb-6 flex flex-wrap items-start justify-between gap-4 border-b border-line pb-6">
        <div className="max-w-3xl">
          <h1 id="legal-title" className="text-3xl font-bold tracking-tight">
            {doc.title}
          </h1>
          <p className="mt-2 text-lg text-muted">{doc.lead}</p>
          <p className="mt-3 text-sm text-muted">{m.pages_updated({ date: formatDate(doc.updated) })}</p>
        </div>
        <div className="flex flex-wrap gap-2 print:hidden">
          {actions}
          <button type="button" className="btn-outline" onClick={() => window.print()}>
            {m.pages_print()}
          </button>
        </div>
      </header>
      <div className={plain ? "" : "desk:grid desk:grid-cols-[15rem_minmax(0,1fr)] desk:gap-10"}>
        <nav
          aria-labelledby="legal-toc"
          className={`mb-8 rounded-xl border border-line bg-white p-4 text-sm print:hidden ${plain ? "" : "desk:sticky desk:top-20 desk:max-h-[calc(100dvh-6rem)] desk:self-start desk:overflow-y-auto"}`}
        >
          <h2 id="legal-toc" className="mb-2 font-semibold">
            {m.pages_toc()}
          </h2>
          <ol className="space-y-1.5">
            {doc.sections.map((s, i) => (
              <li key={s.id}>
                <a href={`#${s.id}`} className="flex gap-2 text-muted hover:text-ink hover:underline">
                  <span className="tabular-nums">{i + 1}.</span>
                  <span>{s.heading}</span>
                </a>
              </li>
            ))}
          </ol>
        </nav>
        <div className={`min-w-0 space-y-8 text-[15px] leading-relaxed ${plain ? "" : "card p-5 desk:p-8"}`}>
          {doc.sections.map((s, i) => (
            <section key={s.id} id={s.id} aria-labelledby={`${s.id}-heading`} className="scroll-mt-6 space-y-3">
              <h2
                id={`${s.id}-heading`}
                className="group flex items-baseline gap-2 text-xl font-semibold tracking-tight"
              >
                <span>
                  {i + 1}. {s.heading}
                </span>
                <a
                  href={`#${s.id}`}
                  className="text-base font-normal text-brand-700 opacity-0 group-hover:opacity-100 focus-visible:opacity-100 print:hidden"
                  aria-label={m.pages_section_link({ heading: s.heading })}
                >
                  #
                </a>
              </h2>
              {s.blocks.map((b, j) => (
                <Block key={j} block={b} />
              ))}
            </section>
          ))}
        </div>
      </div>
    </article>
  );
}
