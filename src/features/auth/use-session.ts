import { useQueryClient, useSuspenseQuery } from "@tanstack/react-query";
import { useNavigate } from "@tanstack/react-router";
import { useCallback } from "react";
import { api } from "~/lib/api/api";
import { meQueryOptions } from "./auth.queries";

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
      await api.logout().catch(() => undefined);
      queryClient.setQueryData(meQueryOptions().queryKey, null);
      await queryClient.invalidateQueries();
      if (!options.stay) await navigate({ to: "/" });
    },
    [queryClient, navigate],
  );
}
