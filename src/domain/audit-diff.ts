/** One changed field of an audit entry: its value before and after (undefined when absent). */
export type AuditChange = { field: string; before: unknown; after: unknown };

const isRecord = (v: unknown): v is Record<string, unknown> => v !== null && typeof v === "object" && !Array.isArray(v);
const same = (a: unknown, b: unknown) => JSON.stringify(a) === JSON.stringify(b);

/**
 * The fields an admin action changed, from the before/after snapshots of the audit log. Objects are
 * compared field by field (top level, in the after's order, then fields only the before had); a
 * snapshot that is not an object counts as one field named "". Creations and deletions list every field.
 */
export function auditChanges(before: unknown, after: unknown): AuditChange[] {
  if (isRecord(before) || isRecord(after)) {
    const b = isRecord(before) ? before : {};
    const a = isRecord(after) ? after : {};
    const fields = [...new Set([...Object.keys(a), ...Object.keys(b)])];
    return fields.filter((f) => !same(b[f], a[f])).map((field) => ({ field, before: b[field], after: a[field] }));
  }
  return same(before, after) ? [] : [{ field: "", before, after }];
}

/** A value as readable, indented JSON ("" for nothing). */
export function prettyJson(value: unknown): string {
  if (value === undefined) return "";
  return JSON.stringify(value, null, 2) ?? "";
}
