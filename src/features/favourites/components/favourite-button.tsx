import { HeartIcon } from "~/components/ui/icons";
import { useMe } from "~/client/use-session";
import { m } from "~/paraglide/messages";
import { useSetFavourite } from "../use-set-favourite";

/** Heart toggle for signed-in users; the local liked list changes only when the server answers 201 or 204. */
export function FavouriteButton({ postId, code, title }: { postId: number; code: string; title: string }) {
  const me = useMe();
  const { setFavourite, busy } = useSetFavourite(postId, code);
  if (!me) return null;
  const liked = me.likedPostings.includes(postId);
  return (
    <button
      type="button"
      className={`relative z-10 grid size-10 place-items-center rounded-full bg-white/90 shadow-sm transition hover:scale-105 ${liked ? "text-danger" : "text-ink"}`}
      aria-pressed={liked}
      aria-label={liked ? m.favourite_remove({ title }) : m.favourite_add({ title })}
      disabled={busy}
      onClick={() => void setFavourite(!liked)}
    >
      <HeartIcon fill={liked ? "currentColor" : "none"} />
    </button>
  );
}
