import { queryOptions } from "@tanstack/react-query";
import { api } from "./api";
import { data } from "./api-client";

// The vehicle catalogue (makes and their models): search, the home page and the publishing wizard all read it.

export const manufacturersQueryOptions = () =>
  queryOptions({ queryKey: ["manufacturers"], queryFn: () => data(api.manufacturer.$get()), staleTime: 60 * 60_000 });

/** Models of one manufacturer, fetched per manufacturer and cached. */
export const modelsQueryOptions = (manufacturerCode: string) =>
  queryOptions({
    queryKey: ["models", manufacturerCode],
    queryFn: () => data(api.models[":manufacturerCode"].$get({ param: { manufacturerCode } })),
    staleTime: 60 * 60_000,
    enabled: manufacturerCode !== "",
  });
