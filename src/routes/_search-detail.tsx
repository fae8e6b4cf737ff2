import { createFileRoute, Outlet } from "@tanstack/react-router";
import { SearchDetailLayout } from "~/components/layout/layouts";

export const Route = createFileRoute("/_search-detail")({
  component: () => (
    <SearchDetailLayout>
      <Outlet />
    </SearchDetailLayout>
  ),
});
