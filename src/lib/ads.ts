import { loadScript, thirdPartyScripts } from "./third-party-scripts";

/** Width × height in CSS pixels (the domain's AdSize). */
type AdSize = readonly [number, number];

// The part of the Google Publisher Tag API we use.
type GptSlot = { addService(service: unknown): GptSlot };
type GoogleTag = {
  cmd: { push(fn: () => void): unknown };
  defineSlot?(adUnitPath: string, size: AdSize, elementId: string): GptSlot | null;
  pubads?(): unknown;
  enableServices?(): void;
  display?(elementId: string): void;
  destroySlots?(slots: GptSlot[]): boolean;
};
type GptWindow = Window & { googletag?: GoogleTag };

/**
 * Fills the element with an ad through GPT (loading the library on first use); answers a cleanup
 * that destroys the slot. Only called with marketing consent and the GPT flag on.
 */
export function displayAdSlot(adUnitPath: string, size: AdSize, elementId: string): () => void {
  const w = window as GptWindow;
  // Read the global on each use: the library swaps the queue for a runner when it loads.
  const gpt = (): GoogleTag => (w.googletag ??= { cmd: [] as (() => void)[] });
  let slot: GptSlot | null = null;
  let cancelled = false;
  gpt().cmd.push(() => {
    const tag = gpt();
    if (cancelled || !tag.defineSlot || !tag.pubads) return;
    slot = tag.defineSlot(adUnitPath, size, elementId);
    if (!slot) return;
    slot.addService(tag.pubads());
    tag.enableServices?.();
    tag.display?.(elementId);
  });
  void thirdPartyScripts()
    .then((s) => loadScript(s.gpt))
    .catch(() => undefined); // a blocked or failed ad script leaves the placeholder, nothing else
  return () => {
    cancelled = true;
    gpt().cmd.push(() => {
      if (slot) gpt().destroySlots?.([slot]);
    });
  };
}
