import type { ReactNode } from "react";

/** A card with its heading around what the route puts in (the share bar after publishing, the photos of the quick edit). */
export function SlotSection({ id, title, children }: { id: string; title: string; children: ReactNode }) {
  return (
    <section aria-labelledby={id} className="card space-y-3 p-4">
      <h2 id={id} className="text-lg font-semibold">
        {title}
      </h2>
      {children}
    </section>
  );
}
