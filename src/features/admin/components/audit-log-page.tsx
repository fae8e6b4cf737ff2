import { useSuspenseQuery } from "@tanstack/react-query";
import { useEffect, useId, useState } from "react";
import { auditChanges } from "~/domain/audit-diff";
import { auditActionLabel, auditEntityLabel, auditFieldLabel, formatAuditValue } from "~/domain/audit-labels";
import { formatDateTime, formatNumber } from "~/domain/format";
import { m } from "~/paraglide/messages";
import type { AuditEntry } from "~/contracts/admin-audit";
import { auditLogQueryOptions, type AuditLogSearch } from "../admin-content.queries";
import { DealerAdminNav } from "./dealer-admin-ui";

const person = (p: AuditEntry["actor"]) =>
  p ? [p.name, p.email ? `<${p.email}>` : null].filter(Boolean).join(" ") || `#${p.id}` : m.acontent_audit_system();

const capitalised = (s: string) => s.charAt(0).toUpperCase() + s.slice(1);
const isRecord = (v: unknown): v is Record<string, unknown> => v !== null && typeof v === "object" && !Array.isArray(v);

/** A whole snapshot (before or after), field by field in Slovenian; "–" when there is none. */
function Snapshot({ label, value }: { label: string; value: unknown }) {
  return (
    <figure className="min-w-0">
      <figcaption className="mb-1 text-xs font-semibold text-muted">{label}</figcaption>
      {isRecord(value) ? (
        <dl className="grid max-h-80 grid-cols-[minmax(0,2fr)_minmax(0,3fr)] gap-x-3 gap-y-1 overflow-auto rounded-lg bg-surface p-2 text-xs">
          {Object.entries(value).map(([field, v]) => (
            <div key={field} className="contents">
              <dt className="text-muted">{auditFieldLabel(field)}</dt>
              <dd className="break-words">{formatAuditValue(field, v)}</dd>
            </div>
          ))}
        </dl>
      ) : (
        <p className="rounded-lg bg-surface p-2 text-xs">{formatAuditValue("", value)}</p>
      )}
    </figure>
  );
}

/** One entry: what (in Slovenian), on which record (a link where it has a page), who (and as whom), when, the changes. */
function Entry({ entry }: { entry: AuditEntry }) {
  const changes = auditChanges(entry.before, entry.after);
  const target = m.acontent_audit_on_entity({ entity: auditEntityLabel(entry.entity), id: entry.entityId ?? "–" });
  return (
    <li
      className="card p-3 text-sm"
      data-testid="audit-entry"
      data-action={entry.action}
      data-entity={entry.entity}
      data-entity-id={entry.entityId ?? undefined}
    >
      <div className="flex flex-col gap-1 sm:flex-row sm:items-baseline sm:justify-between">
        <p className="break-words">
          <span className="font-semibold">{auditActionLabel(entry.action)}</span>{" "}
          <span className="text-muted">
            ·{" "}
            {entry.href ? (
              <a href={entry.href} className="font-medium text-brand-700 underline-offset-2 hover:underline">
                {target}
              </a>
            ) : (
              target
            )}
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
                        <th scope="row" className="py-1 pr-3 font-normal">
                          {auditFieldLabel(c.field)}
                        </th>
                        <td className="max-w-xs break-words py-1 pr-3 text-danger">
                          {formatAuditValue(c.field, c.before)}
                        </td>
                        <td className="max-w-xs break-words py-1 text-brand-800">
                          {formatAuditValue(c.field, c.after)}
                        </td>
                      </tr>
                    ))}
                  </tbody>
                </table>
              </div>
            ) : null}
            <div className="grid gap-3 desk:grid-cols-2">
              <Snapshot label={m.acontent_audit_before()} value={entry.before} />
              <Snapshot label={m.acontent_audit_after()} value={entry.after} />
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
      <DealerAdminNav current="audit" />
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
                {capitalised(auditEntityLabel(en))}
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
