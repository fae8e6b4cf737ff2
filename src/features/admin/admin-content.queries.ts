import { queryOptions } from "@tanstack/react-query";
import { api } from "~/client/api";
import { data, pageParam } from "~/client/api-client";

/** `GET search-page-article`: every news article, expired ones marked. */
export const adminArticlesQueryOptions = () =>
  queryOptions({
    queryKey: ["admin-articles"],
    queryFn: () => data(api["search-page-article"].$get()),
    staleTime: 0,
  });

/** `GET equipment-descriptor`: every additional-equipment descriptor. */
export const equipmentDescriptorsQueryOptions = () =>
  queryOptions({
    queryKey: ["equipment-descriptors"],
    queryFn: () => data(api["equipment-descriptor"].$get()),
    staleTime: 0,
  });

/** `GET equipment-segments`: the equipment codes by segment and the categories in use. */
export const equipmentSegmentsQueryOptions = () =>
  queryOptions({
    queryKey: ["equipment-segments"],
    queryFn: () => data(api["equipment-segments"].$get()),
    staleTime: 60_000,
  });

export type AuditLogSearch = { entity?: string; actor?: string; page?: number };

/** `GET audit-log`: one page of the audit log, newest first. */
export const auditLogQueryOptions = (search: AuditLogSearch) =>
  queryOptions({
    queryKey: ["audit-log", search],
    queryFn: () => data(api["audit-log"].$get({ query: { ...search, page: pageParam(search.page) } })),
    staleTime: 0,
  });
