import { queryOptions, useQueryClient, useSuspenseQuery } from "@tanstack/react-query";
import { useNavigate } from "@tanstack/react-router";
import { data } from "./api-client";
import { api } from "./api";
import { useApiForm } from "./use-api-form";

/**
 * The signed-in profile, loaded once per page and cached. Any failure means "signed out"
 * (spec section 8: profile load failures are swallowed).
 */
export const meQueryOptions = () =>
  queryOptions({
    queryKey: ["me"],
    queryFn: () => data(api.me.$get()).catch(() => null),
    staleTime: Number.POSITIVE_INFINITY,
  });

/** The cached profile (null when signed out). */
export function useMe() {
  return useSuspenseQuery(meQueryOptions()).data;
}

/**
 * Logout, on the form helper (one request however often it is tapped): the server call's errors are
 * ignored (an invalid session is simply cleared locally), then the page goes to / unless told not to
 * (spec section 4).
 */
export function useLogout() {
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const form = useApiForm({
    mutationFn: (_: { stay?: boolean }) => data(api.logout.$post()).catch(() => undefined),
    onSuccess: async (_, options) => {
      queryClient.setQueryData(meQueryOptions().queryKey, null);
      await queryClient.invalidateQueries();
      if (!options.stay) await navigate({ to: "/" });
    },
  });
  const { submit } = form;
  return (options: { stay?: boolean } = {}) => submit(options);
}
