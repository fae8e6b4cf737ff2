import { useEffect, useId, useRef, type KeyboardEvent, type PointerEvent } from "react";
import { appConfig } from "~/app.config";
import { bannerZoomMax, clampCropView, cropRect, dragCropView, type CropView } from "~/domain/banner-crop";
import { m } from "~/paraglide/messages";

const { width: bannerWidth, height: bannerHeight } = appConfig.images.dealershipBanner;
const aspect = bannerWidth / bannerHeight;

/** Draws the chosen part of the picture onto a banner-sized canvas (the preview and the upload alike). */
function drawBanner(canvas: HTMLCanvasElement, bitmap: ImageBitmap, view: CropView) {
  const ctx = canvas.getContext("2d");
  if (!ctx) return;
  const r = cropRect(bitmap.width, bitmap.height, aspect, view);
  ctx.imageSmoothingQuality = "high";
  // A transparent PNG would turn black in a JPEG: white behind it.
  ctx.fillStyle = "#ffffff";
  ctx.fillRect(0, 0, bannerWidth, bannerHeight);
  ctx.drawImage(bitmap, r.sx, r.sy, r.sw, r.sh, 0, 0, bannerWidth, bannerHeight);
}

/** The banner as uploaded: exactly 1440 × 500, JPEG. */
export function renderBanner(bitmap: ImageBitmap, view: CropView): Promise<Blob> {
  const canvas = document.createElement("canvas");
  canvas.width = bannerWidth;
  canvas.height = bannerHeight;
  drawBanner(canvas, bitmap, view);
  return new Promise((resolve, reject) =>
    canvas.toBlob((blob) => (blob ? resolve(blob) : reject(new Error("banner not encoded"))), "image/jpeg", 0.88),
  );
}

const step = 0.02;

/**
 * The crop preview at the banner's exact aspect: drag the picture, or use the sliders (keyboard: arrows
 * on the preview move it, + and − zoom). Controlled: the parent keeps the view and renders the upload.
 */
export function BannerCropper({
  bitmap,
  view,
  onView,
}: {
  bitmap: ImageBitmap;
  view: CropView;
  onView: (view: CropView) => void;
}) {
  const id = useId();
  const canvasRef = useRef<HTMLCanvasElement>(null);
  const drag = useRef<{ x: number; y: number; pointer: number } | null>(null);

  useEffect(() => {
    if (canvasRef.current) drawBanner(canvasRef.current, bitmap, view);
  }, [bitmap, view]);

  const rect = cropRect(bitmap.width, bitmap.height, aspect, view);
  const canMoveX = bitmap.width - rect.sw > 0.5;
  const canMoveY = bitmap.height - rect.sh > 0.5;
  const small = bitmap.width < bannerWidth || bitmap.height < bannerHeight;

  const onPointerDown = (e: PointerEvent<HTMLCanvasElement>) => {
    e.currentTarget.setPointerCapture(e.pointerId);
    drag.current = { x: e.clientX, y: e.clientY, pointer: e.pointerId };
  };
  const onPointerMove = (e: PointerEvent<HTMLCanvasElement>) => {
    const last = drag.current;
    if (!last || last.pointer !== e.pointerId) return;
    const previewWidth = e.currentTarget.getBoundingClientRect().width || bannerWidth;
    onView(
      dragCropView(view, bitmap.width, bitmap.height, aspect, previewWidth, e.clientX - last.x, e.clientY - last.y),
    );
    drag.current = { ...last, x: e.clientX, y: e.clientY };
  };
  const onPointerEnd = () => {
    drag.current = null;
  };
  const onKeyDown = (e: KeyboardEvent<HTMLCanvasElement>) => {
    const moves: Record<string, Partial<CropView>> = {
      ArrowLeft: { x: view.x - step },
      ArrowRight: { x: view.x + step },
      ArrowUp: { y: view.y - step },
      ArrowDown: { y: view.y + step },
      "+": { zoom: view.zoom + 0.1 },
      "=": { zoom: view.zoom + 0.1 },
      "-": { zoom: view.zoom - 0.1 },
    };
    const move = moves[e.key];
    if (!move) return;
    e.preventDefault();
    onView(clampCropView({ ...view, ...move }));
  };

  const percent = (v: number) => Math.round(v * 100);
  return (
    <div className="space-y-3" data-testid="banner-cropper">
      <canvas
        ref={canvasRef}
        width={bannerWidth}
        height={bannerHeight}
        tabIndex={0}
        role="img"
        aria-label={m.dpage_banner_preview({ width: String(bannerWidth), height: String(bannerHeight) })}
        aria-describedby={`${id}-help`}
        className="block aspect-[1440/500] w-full cursor-grab touch-none rounded-lg border border-line bg-surface active:cursor-grabbing"
        onPointerDown={onPointerDown}
        onPointerMove={onPointerMove}
        onPointerUp={onPointerEnd}
        onPointerCancel={onPointerEnd}
        onKeyDown={onKeyDown}
      />
      <p id={`${id}-help`} className="text-sm text-muted">
        {m.dpage_crop_help()}
      </p>
      {small ? (
        <p className="text-sm text-accent-600">
          {m.dpage_crop_small({ width: String(bannerWidth), height: String(bannerHeight) })}
        </p>
      ) : null}
      <div className="grid gap-3 sm:grid-cols-3">
        <div>
          <label className="field-label" htmlFor={`${id}-x`}>
            {m.dpage_crop_x()}
          </label>
          <input
            id={`${id}-x`}
            type="range"
            min={0}
            max={100}
            step={1}
            className="w-full accent-brand-600"
            value={percent(view.x)}
            disabled={!canMoveX}
            aria-valuetext={`${percent(view.x)} %`}
            onChange={(e) => onView(clampCropView({ ...view, x: Number(e.target.value) / 100 }))}
          />
        </div>
        <div>
          <label className="field-label" htmlFor={`${id}-y`}>
            {m.dpage_crop_y()}
          </label>
          <input
            id={`${id}-y`}
            type="range"
            min={0}
            max={100}
            step={1}
            className="w-full accent-brand-600"
            value={percent(view.y)}
            disabled={!canMoveY}
            aria-valuetext={`${percent(view.y)} %`}
            onChange={(e) => onView(clampCropView({ ...view, y: Number(e.target.value) / 100 }))}
          />
        </div>
        <div>
          <label className="field-label" htmlFor={`${id}-zoom`}>
            {m.dpage_crop_zoom()}
          </label>
          <input
            id={`${id}-zoom`}
            type="range"
            min={100}
            max={bannerZoomMax * 100}
            step={5}
            className="w-full accent-brand-600"
            value={percent(view.zoom)}
            aria-valuetext={`${percent(view.zoom)} %`}
            onChange={(e) => onView(clampCropView({ ...view, zoom: Number(e.target.value) / 100 }))}
          />
        </div>
      </div>
    </div>
  );
}
