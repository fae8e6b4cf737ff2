import { queryOptions } from "@tanstack/react-query";
import { api } from "~/client/api";
import { data } from "~/client/api-client";

/** What a sign-in link signs in as (null when it is used, expired or unknown); reading it does not use it up. */
export const emailLinkQueryOptions = (token: string) =>
  queryOptions({
    queryKey: ["email-link", token],
    queryFn: () =>
      token ? data(api.login.email.link.$get({ query: { token } })).catch(() => null) : Promise.resolve(null),
    staleTime: Number.POSITIVE_INFINITY,
  });

/** Where an expired or used sign-in link was asked for (null when unknown or still usable). */
export const spentEmailLinkReturnQueryOptions = (token: string) =>
  queryOptions({
    queryKey: ["email-link-return", token],
    queryFn: () =>
      token
        ? data(api.login.email.link.return.$get({ query: { token } })).then(
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
    queryFn: () =>
      data(api.social.login[":provider"].confirm.$get({ param: { provider }, query: {} }))
        // Without a token the route answers the view (a token would redirect to the link page).
        .then((view) => (typeof view === "object" ? view : null))
        .catch(() => null),
    staleTime: Number.POSITIVE_INFINITY,
  });

/** The legacy account waiting for the signed-in owner's consent to merge (null when none). */
export const mergeRequestQueryOptions = () =>
  queryOptions({
    queryKey: ["merge-request"],
    queryFn: () => data(api.me["merge-request"].$get()).catch(() => null),
    staleTime: Number.POSITIVE_INFINITY,
  });
