import { queryOptions } from "@tanstack/react-query";
import { appConfig } from "~/app.config";
import { api } from "~/client/api";
import { data } from "~/client/api-client";

/** Five popular vehicles by popularity, descending (error pages). */
export const popularVehiclesQueryOptions = () =>
  queryOptions({
    queryKey: ["marketplace", "popular", appConfig.limits.errorPageVehicles],
    queryFn: () => data(api.marketplace["popular-vehicles"].$get()),
    staleTime: 5 * 60_000,
  });
