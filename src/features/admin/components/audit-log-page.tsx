import { useSuspenseQuery } from "@tanstack/react-query";
import { useEffect, useId, useState } from "react";
import { auditChanges, prettyJson } from "~/domain/audit-diff";
import { formatDateTime, formatNumber } from "~/domain/format";
import { m } from "~/paraglide/messages";
import type { AuditEntry } from "~/contracts/admin-audit";
import { auditLogQueryOptions, type AuditLogSearch } from "../admin-content.queries";

const person = (p: AuditEntry["actor"]) =>
  p ? [p.name, p.email ? `<${p.email}>` : null].filter(Boolean).join(" ") || `#${p.id}` : m.acontent_audit_system();

/** A value in the changes table: short JSON on one line, nothing shown as a dash. */
const cell = (v: unknown) => (v === undefined || v === null ? "–" : typeof v === "string" ? v : JSON.stringify(v));

/** One entry: who (and as whom), what, on which entity, when; the changes and the whole before/after open on demand. */
function Entry({ entry }: { entry: AuditEntry }) {
  const changes = auditChanges(entry.before, entry.after);
  return (
    <li
      className="card p-3 text-sm"
      data-testid="audit-entry"
      data-action={entry.action}
      data-entity={entry.entity}
      data-entity-id={entry.entityId ?? undefined}
    >
      <div className="flex flex-col gap-1 sm:flex-row sm:items-baseline sm:justify-between">
        <p className="font-semibold">
          <code className="rounded bg-surface px-1 py-0.5 text-xs">{entry.action}</code>{" "}
          <span className="font-normal text-muted">
            {m.acontent_audit_on_entity({ entity: entry.entity, id: entry.entityId ?? "–" })}
          </span>
        </p>
        <time dateTime={entry.createdAt} className="text-xs text-muted">
          {formatDateTime(entry.createdAt)}
        </time>
      </div>
      <p className="mt-1 break-words">
        {person(entry.actor)}
        {entry.impersonated ? (
          <span className="text-muted"> {m.acontent_audit_as({ person: person(entry.impersonated) })}</span>
        ) : null}
      </p>
      {entry.before !== null || entry.after !== null ? (
        <details className="mt-2">
          <summary className="cursor-pointer text-sm font-medium text-brand-700">
            {m.acontent_audit_changes({ count: String(changes.length) })}
          </summary>
          <div className="mt-2 space-y-3">
            {changes.length ? (
              <div className="overflow-x-auto">
                <table className="w-full text-left text-xs">
                  <thead>
                    <tr className="text-muted">
                      <th scope="col" className="py-1 pr-3 font-medium">
                        {m.acontent_audit_field()}
                      </th>
                      <th scope="col" className="py-1 pr-3 font-medium">
                        {m.acontent_audit_before()}
                      </th>
                      <th scope="col" className="py-1 font-medium">
                        {m.acontent_audit_after()}
                      </th>
                    </tr>
                  </thead>
                  <tbody>
                    {changes.map((c) => (
                      <tr key={c.field} className="border-t border-line align-top">
                        <th scope="row" className="py-1 pr-3 font-mono font-normal">
                          {c.field || "–"}
                        </th>
                        <td className="max-w-xs break-words py-1 pr-3 text-danger">{cell(c.before)}</td>
                        <td className="max-w-xs break-words py-1 text-brand-800">{cell(c.after)}</td>
                      </tr>
                    ))}
                  </tbody>
                </table>
              </div>
            ) : null}
            <div className="grid gap-3 desk:grid-cols-2">
              {(
                [
                  [m.acontent_audit_before(), entry.before],
                  [m.acontent_audit_after(), entry.after],
                ] as const
              ).map(([label, value]) => (
                <figure key={label} className="min-w-0">
                  <figcaption className="mb-1 text-xs font-semibold text-muted">{label}</figcaption>
                  <pre className="max-h-80 overflow-auto rounded-lg bg-surface p-2 text-xs">
                    {value === null ? "–" : prettyJson(value)}
                  </pre>
                </figure>
              ))}
            </div>
          </div>
        </details>
      ) : null}
    </li>
  );
}

/** /administracija/revizija: the audit log, newest first, by entity and actor, with paging. Administrators only. */
export function AuditLogPage({ search, onSearch }: { search: AuditLogSearch; onSearch: (s: AuditLogSearch) => void }) {
  const { data } = useSuspenseQuery(auditLogQueryOptions(search));
  const id = useId();
  const [entity, setEntity] = useState(search.entity ?? "");
  const [actor, setActor] = useState(search.actor ?? "");
  const pages = Math.max(1, Math.ceil(data.total / data.size));
  useEffect(() => {
    setEntity(search.entity ?? "");
    setActor(search.actor ?? "");
  }, [search.entity, search.actor]);

  return (
    <div className="space-y-5">
      <div>
        <h1 className="text-2xl font-bold tracking-tight">{m.acontent_audit_title()}</h1>
        <p className="mt-1 max-w-2xl text-sm text-muted">{m.acontent_audit_intro()}</p>
      </div>
      <form
        role="search"
        className="flex flex-col gap-3 sm:flex-row sm:items-end"
        onSubmit={(e) => {
          e.preventDefault();
          onSearch({ entity: entity || undefined, actor: actor.trim() || undefined });
        }}
      >
        <div className="sm:w-56">
          <label className="field-label" htmlFor={`${id}-entity`}>
            {m.acontent_audit_entity()}
          </label>
          <select
            id={`${id}-entity`}
            className="field-input"
            value={entity}
            onChange={(e) => setEntity(e.target.value)}
          >
            <option value="">{m.acontent_audit_all_entities()}</option>
            {data.entities.map((en) => (
              <option key={en} value={en}>
                {en}
              </option>
            ))}
          </select>
        </div>
        <div className="flex-1">
          <label className="field-label" htmlFor={`${id}-actor`}>
            {m.acontent_audit_actor()}
          </label>
          <input
            id={`${id}-actor`}
            type="search"
            className="field-input"
            maxLength={100}
            value={actor}
            onChange={(e) => setActor(e.target.value)}
            placeholder={m.acontent_audit_actor_placeholder()}
          />
        </div>
        <button type="submit" className="btn-primary">
          {m.acontent_audit_filter()}
        </button>
      </form>
      <p className="text-sm text-muted" role="status">
        {m.acontent_audit_total({ total: formatNumber(data.total) })}
      </p>
      <ul className="space-y-3" data-testid="audit-log">
        {data.entries.map((entry) => (
          <Entry key={entry.id} entry={entry} />
        ))}
      </ul>
      {pages > 1 ? (
        <nav aria-label={m.stock_pages()} className="flex items-center justify-center gap-3">
          <button
            type="button"
            className="btn-outline"
            disabled={data.page <= 1}
            onClick={() => onSearch({ ...search, page: data.page - 1 > 1 ? data.page - 1 : undefined })}
          >
            {m.stock_prev()}
          </button>
          <span className="text-sm">{m.stock_page_of({ page: String(data.page), pages: String(pages) })}</span>
          <button
            type="button"
            className="btn-outline"
            disabled={data.page >= pages}
            onClick={() => onSearch({ ...search, page: data.page + 1 })}
          >
            {m.stock_next()}
          </button>
        </nav>
      ) : null}
    </div>
  );
}
