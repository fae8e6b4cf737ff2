import { queryOptions } from "@tanstack/react-query";
import { api } from "~/client/api";
import { data } from "~/client/api-client";

/** `GET model-admin`: a make's base models with their series. */
export const modelAdminQueryOptions = (manufacturer: string | undefined) =>
  queryOptions({
    queryKey: ["model-admin", manufacturer ?? ""],
    queryFn: () => data(api["model-admin"].$get({ query: { manufacturer } })),
    staleTime: 0,
  });
