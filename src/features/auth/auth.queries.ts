import { queryOptions } from "@tanstack/react-query";
import { api } from "~/lib/api/api";

/** What a sign-in link signs in as (null when it is used, expired or unknown); reading it does not use it up. */
export const emailLinkQueryOptions = (token: string) =>
  queryOptions({
    queryKey: ["email-link", token],
    queryFn: () => (token ? api.emailLink(token).catch(() => null) : Promise.resolve(null)),
    staleTime: Number.POSITIVE_INFINITY,
  });

/** Where an expired or used sign-in link was asked for (null when unknown or still usable). */
export const spentEmailLinkReturnQueryOptions = (token: string) =>
  queryOptions({
    queryKey: ["email-link-return", token],
    queryFn: () =>
      token
        ? api.spentEmailLinkReturn(token).then(
            (r) => r.redirectUrl,
            () => null,
          )
        : Promise.resolve(null),
    staleTime: Number.POSITIVE_INFINITY,
  });

/** The social identity waiting in this browser for the signed-in owner (null when none). */
export const pendingSocialLinkQueryOptions = (provider: string) =>
  queryOptions({
    queryKey: ["pending-social-link", provider],
    queryFn: () => api.pendingSocialLink(provider).catch(() => null),
    staleTime: Number.POSITIVE_INFINITY,
  });

/** The legacy account waiting for the signed-in owner's consent to merge (null when none). */
export const mergeRequestQueryOptions = () =>
  queryOptions({
    queryKey: ["merge-request"],
    queryFn: () => api.mergeRequest().catch(() => null),
    staleTime: Number.POSITIVE_INFINITY,
  });
