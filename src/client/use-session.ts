import { queryOptions, useQueryClient, useSuspenseQuery } from "@tanstack/react-query";
import { useNavigate } from "@tanstack/react-router";
import { useCallback } from "react";
import { data } from "./api-client";
import { api } from "./api";

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
 * Logout: the server call's errors are ignored (an invalid session is simply cleared locally),
 * then the page goes to / unless told not to (spec section 4).
 */
export function useLogout() {
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  return useCallback(
    async (options: { stay?: boolean } = {}) => {
      await data(api.logout.$post()).catch(() => undefined);
      queryClient.setQueryData(meQueryOptions().queryKey, null);
      await queryClient.invalidateQueries();
      if (!options.stay) await navigate({ to: "/" });
    },
    [queryClient, navigate],
  );
}
