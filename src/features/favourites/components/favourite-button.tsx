import { useRouterState } from "@tanstack/react-router";
import { HeartIcon } from "~/components/ui/icons";
import { setLocalFavourite, useLocalFavourites } from "~/client/local-favourites";
import { useMe } from "~/client/use-session";
import { m } from "~/paraglide/messages";
import { useSetFavourite } from "../use-set-favourite";

/**
 * The heart, for everyone (decision 067). Signed in, the account's list changes when the server answers; signed
 * out, the posting is kept in this browser. Before the page is interactive it is a plain form post: signed in,
 * the like is set and the page comes back; signed out, to sign in and back here with this posting kept.
 */
export function FavouriteButton({
  postId,
  code,
  title,
  className = "",
}: {
  postId: number;
  code: string;
  title: string;
  className?: string;
}) {
  const me = useMe();
  const local = useLocalFavourites();
  const returnTo = useRouterState({ select: (s) => s.location.href });
  const { setFavourite, busy } = useSetFavourite(postId, code);
  const liked = me ? me.likedPostings.includes(postId) : local.includes(code);
  return (
    <form
      method="post"
      action={`/internal-api/v1/postings/${encodeURIComponent(code)}/favorite/form`}
      className="relative z-10"
      onSubmit={(e) => {
        e.preventDefault();
        if (me) void setFavourite(!liked);
        else setLocalFavourite(code, !liked);
      }}
    >
      <input type="hidden" name="liked" value={liked ? "0" : "1"} />
      <input type="hidden" name="returnTo" value={returnTo} />
      <button
        type="submit"
        className={`grid size-10 place-items-center rounded-full bg-white/90 shadow-sm transition hover:scale-105 ${liked ? "text-danger" : "text-ink"} ${className}`}
        aria-pressed={liked}
        aria-label={liked ? m.favourite_remove({ title }) : m.favourite_add({ title })}
        disabled={busy}
      >
        <HeartIcon fill={liked ? "currentColor" : "none"} />
      </button>
    </form>
  );
}
