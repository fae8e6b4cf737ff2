/**
 * Which part of a picture becomes the dealership banner: the largest rectangle of the banner's aspect
 * ratio that fits the picture, shrunk by the zoom and moved by the position. Pure: the edit page draws
 * this rectangle on a canvas both for the preview and for the uploaded 1440 × 500 JPEG.
 */
export type CropRect = { sx: number; sy: number; sw: number; sh: number };
/** `x` and `y` from 0 (left/top edge) to 1 (right/bottom edge); `zoom` from 1 (whole width or height) up. */
export type CropView = { x: number; y: number; zoom: number };

export const bannerZoomMax = 4;
export const defaultCropView: CropView = { x: 0.5, y: 0.5, zoom: 1 };

const clamp = (v: number, min: number, max: number) => Math.min(max, Math.max(min, Number.isFinite(v) ? v : min));

/** The view with its position kept within 0..1 and its zoom within 1..bannerZoomMax. */
export function clampCropView(view: CropView): CropView {
  return { x: clamp(view.x, 0, 1), y: clamp(view.y, 0, 1), zoom: clamp(view.zoom, 1, bannerZoomMax) };
}

/** The source rectangle of a `width` × `height` picture shown in an `aspect` (width / height) frame. */
export function cropRect(width: number, height: number, aspect: number, view: CropView): CropRect {
  const { x, y, zoom } = clampCropView(view);
  const fitsByHeight = width / height > aspect;
  const baseW = fitsByHeight ? height * aspect : width;
  const baseH = fitsByHeight ? height : width / aspect;
  const sw = baseW / zoom;
  const sh = baseH / zoom;
  return { sx: (width - sw) * x, sy: (height - sh) * y, sw, sh };
}

/**
 * The view after dragging the preview by (dx, dy) pixels of a preview `previewWidth` wide: the picture
 * follows the pointer, so dragging right shows more of its left side.
 */
export function dragCropView(
  view: CropView,
  width: number,
  height: number,
  aspect: number,
  previewWidth: number,
  dx: number,
  dy: number,
): CropView {
  const rect = cropRect(width, height, aspect, view);
  const sourcePerPreviewPx = rect.sw / previewWidth;
  const spareW = width - rect.sw;
  const spareH = height - rect.sh;
  return clampCropView({
    ...view,
    x: spareW > 0 ? view.x - (dx * sourcePerPreviewPx) / spareW : view.x,
    y: spareH > 0 ? view.y - (dy * sourcePerPreviewPx) / spareH : view.y,
  });
}
