import { queryOptions } from "@tanstack/react-query";
import { api } from "~/client/api";
import { data } from "~/client/api-client";

/** A partner consent session (never cached: it expires and is finished once). */
export const consentSessionQueryOptions = (sessionId: string) =>
  queryOptions({
    queryKey: ["oauth-session", sessionId],
    queryFn: () => data(api["oauth2-session"][":sessionId"].$get({ param: { sessionId } })),
    staleTime: 0,
    retry: false,
  });

/** The dealership's partner grants. */
export const partnerGrantsQueryOptions = () =>
  queryOptions({
    queryKey: ["partner-grants"],
    queryFn: () => data(api.dealer["partner-grants"].$get()),
    staleTime: 0,
  });

/** The consent session id from a screen's query (`?session=`), or null. */
export function sessionIdOf(search: Record<string, unknown>): string | null {
  return typeof search.session === "string" && /^[A-Za-z0-9_-]{20,100}$/.test(search.session) ? search.session : null;
}

/** Where each consent screen lives, with the session carried along. */
export const consentScreen = (screen: "allow" | "login" | "register" | "notification", sessionId: string) =>
  `/oauth/${screen}?session=${encodeURIComponent(sessionId)}`;
