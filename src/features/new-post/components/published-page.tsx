import { type ReactNode, useRef, useState } from "react";
import { m } from "~/paraglide/messages";
import { SlotSection } from "./slot-section";

/**
 * /nov-oglas/{postId}/objavljen, "Oglas je objavljen": the posting's address to copy, the share actions
 * (`share`, the posting feature's bar from the route), and what to do next: open it, feature it, my postings.
 */
export function PublishedPage({
  postId,
  title,
  url,
  share,
}: {
  postId: number;
  title: string;
  url: string;
  share: ReactNode;
}) {
  const [copied, setCopied] = useState(false);
  const input = useRef<HTMLInputElement>(null);
  const copy = async () => {
    const ok = await navigator.clipboard
      ?.writeText(url)
      .then(() => true)
      .catch(() => false);
    // Where the browser refuses the clipboard, the address is selected for the seller to copy.
    if (!ok) input.current?.select();
    setCopied(Boolean(ok));
  };
  return (
    <div className="space-y-6" data-testid="published">
      <div className="rounded-lg bg-brand-50 p-4">
        <h1 className="text-2xl font-bold tracking-tight">{m.published_title()}</h1>
        <p className="mt-1 font-semibold">{title}</p>
        <p className="mt-2 text-sm">{m.published_lead()}</p>
      </div>
      <div className="card space-y-2 p-4">
        <label htmlFor="published-link" className="field-label">
          {m.published_link_label()}
        </label>
        <div className="flex flex-col gap-2 sm:flex-row">
          <input
            ref={input}
            id="published-link"
            readOnly
            value={url}
            className="field-input min-w-0 sm:flex-1"
            onFocus={(e) => e.currentTarget.select()}
          />
          <button type="button" className="btn-primary" onClick={() => void copy()}>
            {m.published_copy()}
          </button>
        </div>
        <p role="status" className="text-sm text-brand-700">
          {copied ? m.share_copied() : ""}
        </p>
      </div>
      <SlotSection id="published-share" title={m.published_share_title()}>
        {share}
      </SlotSection>
      <div className="flex flex-wrap gap-2">
        <a className="btn-accent" href={`/oglasevanje/${postId}`}>
          {m.published_feature()}
        </a>
        <a className="btn-outline" href={`/oglas/${postId}`}>
          {m.published_open()}
        </a>
        <a className="btn-outline" href="/uporabnik/moji-oglasi">
          {m.my_postings_title()}
        </a>
      </div>
    </div>
  );
}
