/**
 * Square crop of a picture, as the crop dialog shows it: the picture is scaled to cover a square
 * viewport of `viewport` CSS pixels, times `zoom` (1 = the shorter side just fills it), and moved
 * by `x`, `y` (the picture's top-left corner relative to the viewport's, so both are ≤ 0). The
 * picture always covers the viewport, so the crop never has an empty edge.
 */
export interface CropState {
  zoom: number;
  x: number;
  y: number;
}

export interface Picture {
  width: number;
  height: number;
}

export const MIN_ZOOM = 1;
export const MAX_ZOOM = 4;

const clamp = (value: number, min: number, max: number) => Math.min(max, Math.max(min, value));

/** Viewport pixels per picture pixel at this zoom. */
export function scaleFor(picture: Picture, viewport: number, zoom: number): number {
  return (viewport / Math.min(picture.width, picture.height)) * zoom;
}

/** Keeps the zoom in range and the picture covering the viewport. */
export function clampCrop(state: CropState, picture: Picture, viewport: number): CropState {
  const zoom = clamp(state.zoom, MIN_ZOOM, MAX_ZOOM);
  const scale = scaleFor(picture, viewport, zoom);
  return {
    zoom,
    x: clamp(state.x, viewport - picture.width * scale, 0),
    y: clamp(state.y, viewport - picture.height * scale, 0),
  };
}

/** The picture centred, shorter side filling the viewport. */
export function centredCrop(picture: Picture, viewport: number): CropState {
  const scale = scaleFor(picture, viewport, 1);
  return { zoom: 1, x: (viewport - picture.width * scale) / 2, y: (viewport - picture.height * scale) / 2 };
}

/** A new zoom that keeps the point under the viewport's centre where it is. */
export function zoomTo(state: CropState, zoom: number, picture: Picture, viewport: number): CropState {
  const before = scaleFor(picture, viewport, state.zoom);
  const after = scaleFor(picture, viewport, clamp(zoom, MIN_ZOOM, MAX_ZOOM));
  const centre = viewport / 2;
  const ratio = after / before;
  return clampCrop(
    { zoom, x: centre - (centre - state.x) * ratio, y: centre - (centre - state.y) * ratio },
    picture,
    viewport,
  );
}

export function panBy(
  state: CropState,
  dx: number,
  dy: number,
  picture: Picture,
  viewport: number,
): CropState {
  return clampCrop({ ...state, x: state.x + dx, y: state.y + dy }, picture, viewport);
}

/** The square of the original picture, in its own pixels, that the viewport shows. */
export function sourceSquare(state: CropState, picture: Picture, viewport: number) {
  const scale = scaleFor(picture, viewport, state.zoom);
  const size = Math.min(viewport / scale, picture.width, picture.height);
  return {
    sx: clamp(-state.x / scale, 0, picture.width - size),
    sy: clamp(-state.y / scale, 0, picture.height - size),
    size,
  };
}
