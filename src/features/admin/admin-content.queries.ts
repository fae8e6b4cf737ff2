import { queryOptions } from "@tanstack/react-query";
import { api } from "~/lib/api/api";

/** `GET search-page-article`: every news article, expired ones marked. */
export const adminArticlesQueryOptions = () =>
  queryOptions({ queryKey: ["admin-articles"], queryFn: () => api.adminArticles(), staleTime: 0 });

/** `GET equipment-descriptor`: every additional-equipment descriptor. */
export const equipmentDescriptorsQueryOptions = () =>
  queryOptions({ queryKey: ["equipment-descriptors"], queryFn: () => api.equipmentDescriptors(), staleTime: 0 });

/** `GET equipment-segments`: the equipment codes by segment and the categories in use. */
export const equipmentSegmentsQueryOptions = () =>
  queryOptions({ queryKey: ["equipment-segments"], queryFn: () => api.equipmentSegments(), staleTime: 60_000 });

export type AuditLogSearch = { entity?: string; actor?: string; page?: number };

/** `GET audit-log`: one page of the audit log, newest first. */
export const auditLogQueryOptions = (search: AuditLogSearch) =>
  queryOptions({ queryKey: ["audit-log", search], queryFn: () => api.auditLog(search), staleTime: 0 });
