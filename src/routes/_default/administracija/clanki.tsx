import { createFileRoute } from "@tanstack/react-router";
import { adminArticlesQueryOptions } from "~/features/admin/admin-content.queries";
import { ArticleAdminPage } from "~/features/admin/components/article-admin-page";
import { requireSignedIn } from "~/features/auth/route-guards";
import { useMe } from "~/features/auth/use-session";
import { ErrorPage } from "~/features/pages/components/error-page";
import { pageTitle } from "~/lib/page-title";
import { m } from "~/paraglide/messages";

/** The news article editor (spec section 2: `/administracija/clanki`), for posting editors and admins. */
export const Route = createFileRoute("/_default/administracija/clanki")({
  beforeLoad: requireSignedIn,
  loader: ({ context: { queryClient, me } }) => (me?.amzsPostingEditor || me?.amzsAdmin ? queryClient.ensureQueryData(adminArticlesQueryOptions()) : null),
  head: () => ({ meta: [{ title: pageTitle(m.acontent_articles_title()) }, { name: "robots", content: "noindex" }] }),
  component: function Articles() {
    const me = useMe();
    if (!me?.amzsPostingEditor && !me?.amzsAdmin) return <ErrorPage status={403} />;
    return <ArticleAdminPage />;
  },
});
