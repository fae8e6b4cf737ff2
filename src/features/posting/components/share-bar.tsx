import { type ReactNode, useState } from "react";
import { PrintIcon, ShareIcon } from "~/components/ui/icons";
import { m } from "~/paraglide/messages";

/**
 * Share (native share sheet where there is one, else copy the link), print (the PDF sheet), favourite (from the route).
 * `url`: the link to share when the bar is not on the posting's own page (the confirmation after publishing).
 * `favouriteOnDesktopOnly`: on phones the heart is in the contact bar (decision 065), so it is not shown twice.
 */
export function ShareBar({
  postId,
  title,
  favourite,
  url: shared,
  favouriteOnDesktopOnly = false,
}: {
  postId: number;
  title: string;
  favourite: ReactNode;
  url?: string;
  favouriteOnDesktopOnly?: boolean;
}) {
  const [copied, setCopied] = useState(false);
  const share = async () => {
    const url = shared ?? window.location.href.split("?")[0] ?? window.location.href;
    if (navigator.share) {
      await navigator.share({ title, url }).catch(() => undefined);
      return;
    }
    await navigator.clipboard?.writeText(url).catch(() => undefined);
    setCopied(true);
    setTimeout(() => setCopied(false), 2500);
  };
  return (
    <div className="flex flex-wrap items-center gap-2">
      <button type="button" className="btn-outline" onClick={() => void share()}>
        <ShareIcon width={18} height={18} /> {m.share_button()}
      </button>
      <a className="btn-outline" href={`/pdf/${postId}`}>
        <PrintIcon width={18} height={18} /> {m.print_button()}
      </a>
      {favouriteOnDesktopOnly ? <span className="hidden desk:contents">{favourite}</span> : favourite}
      <span role="status" className="text-sm text-brand-700">
        {copied ? m.share_copied() : ""}
      </span>
    </div>
  );
}
