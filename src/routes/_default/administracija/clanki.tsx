import { createFileRoute } from "@tanstack/react-router";
import { adminArticlesQueryOptions } from "~/features/admin/admin-content.queries";
import { ArticleAdminPage } from "~/features/admin/components/article-admin-page";
import { requireEditor } from "~/client/route-guards";
import { pageTitle } from "~/lib/page-title";
import { m } from "~/paraglide/messages";

/** The news article editor (spec section 2: `/administracija/clanki`), for posting editors and admins. */
export const Route = createFileRoute("/_default/administracija/clanki")({
  beforeLoad: requireEditor,
  loader: ({ context: { queryClient } }) => queryClient.ensureQueryData(adminArticlesQueryOptions()),
  head: () => ({ meta: [{ title: pageTitle(m.acontent_articles_title()) }, { name: "robots", content: "noindex" }] }),
  component: function Articles() {
    return <ArticleAdminPage />;
  },
});
