import { createFileRoute, Outlet } from "@tanstack/react-router";
import { ManagerAppLayout } from "~/features/pages/components/manager-app-layout";

export const Route = createFileRoute("/_manager-app")({
  component: () => (
    <ManagerAppLayout>
      <Outlet />
    </ManagerAppLayout>
  ),
});
