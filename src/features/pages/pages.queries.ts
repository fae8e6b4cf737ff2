import { queryOptions } from "@tanstack/react-query";
import { appConfig } from "~/app.config";
import { api } from "~/lib/api/api";

/** Five popular vehicles by popularity, descending (error pages). */
export const popularVehiclesQueryOptions = () =>
  queryOptions({
    queryKey: ["marketplace", "popular", appConfig.limits.errorPageVehicles],
    queryFn: () => api.popularVehicles(),
    staleTime: 5 * 60_000,
  });
