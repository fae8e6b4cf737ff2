import { queryOptions } from "@tanstack/react-query";
import { api } from "~/client/api";
import { data } from "~/client/api-client";

/** The signed-in user's favourites (the route's loader reads it: a small module, kept out of the page's chunk). */
export const favouritesQueryOptions = () =>
  queryOptions({ queryKey: ["favorites"], queryFn: () => data(api.favorites.$get()), staleTime: 0 });
