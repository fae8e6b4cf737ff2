import { queryOptions } from "@tanstack/react-query";
import { api } from "~/lib/api/api";

/** `GET model-admin`: a make's base models with their series. */
export const modelAdminQueryOptions = (manufacturer: string | undefined) =>
  queryOptions({
    queryKey: ["model-admin", manufacturer ?? ""],
    queryFn: () => api.modelAdmin(manufacturer),
    staleTime: 0,
  });
