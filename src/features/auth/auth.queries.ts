import { queryOptions } from "@tanstack/react-query";
import { api } from "~/lib/api/api";

/**
 * The signed-in profile, loaded once per page and cached. Any failure means "signed out"
 * (spec section 8: profile load failures are swallowed).
 */
export const meQueryOptions = () =>
  queryOptions({
    queryKey: ["me"],
    queryFn: () => api.getMe().catch(() => null),
    staleTime: Number.POSITIVE_INFINITY,
  });
