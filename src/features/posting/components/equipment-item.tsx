import { webHref } from "~/domain/web-address";
import { useState } from "react";
import { Modal } from "~/components/modal";
import type { PostingDetail } from "~/domain/posting-detail";
import { youtubeWatchUrl } from "~/domain/youtube";
import { m } from "~/paraglide/messages";

/**
 * One equipment item of the posting. With an additional-equipment descriptor it gets a "več" button
 * that opens its description and links (the page, the video on YouTube, an article) in a dialog. The
 * video is only a link: no third-party player loads on our page (cookie consent, decision 018).
 */
export function EquipmentItem({
  label,
  group,
  descriptor,
}: {
  label: string;
  group: string | null;
  descriptor: PostingDetail["equipment"][number]["descriptor"];
}) {
  const [open, setOpen] = useState(false);
  return (
    <li title={group ?? undefined}>
      <span aria-hidden="true" className="mr-1 text-brand-600">
        ✓
      </span>
      {label}
      {descriptor ? (
        <>
          <button
            type="button"
            className="ml-1.5 rounded text-xs font-medium text-brand-700 underline hover:text-brand-800"
            aria-haspopup="dialog"
            onClick={() => setOpen(true)}
          >
            {m.acontent_equipment_more()}
            <span className="sr-only"> – {label}</span>
          </button>
          <Modal open={open} onClose={() => setOpen(false)} title={descriptor.name}>
            <div className="space-y-3 text-sm" data-testid="equipment-more">
              {descriptor.text ? <p>{descriptor.text}</p> : null}
              <p className="flex flex-wrap gap-x-4 gap-y-1">
                {descriptor.link ? (
                  <a
                    href={webHref(descriptor.link) ?? undefined}
                    className="font-medium text-brand-700 underline"
                    target="_blank"
                    rel="noopener noreferrer"
                  >
                    {m.acontent_equipment_link()}
                  </a>
                ) : null}
                {descriptor.videoId ? (
                  <a
                    href={youtubeWatchUrl(descriptor.videoId)}
                    className="font-medium text-brand-700 underline"
                    target="_blank"
                    rel="noopener noreferrer"
                  >
                    {m.acontent_equipment_video()}
                  </a>
                ) : null}
                {descriptor.articleLink ? (
                  <a
                    href={descriptor.articleLink}
                    className="font-medium text-brand-700 underline"
                    target="_blank"
                    rel="noopener noreferrer"
                  >
                    {m.acontent_equipment_article()}
                  </a>
                ) : null}
              </p>
            </div>
          </Modal>
        </>
      ) : null}
    </li>
  );
}
