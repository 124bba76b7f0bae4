import { type KeyboardEvent, type PointerEvent, useEffect, useId, useRef, useState } from 'react';
import { PHOTO_OUTPUT_SIZE } from '../../../domain/contracts/auth-photo';
import { Button } from '../../ui/button';
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogTitle,
} from '../../ui/dialog';
import { Label } from '../../ui/label';
import {
  type CropState,
  centredCrop,
  MAX_ZOOM,
  MIN_ZOOM,
  panBy,
  scaleFor,
  sourceSquare,
  zoomTo,
} from './crop';

/** CSS pixels of the crop square on screen (fits a 390 px phone inside the dialog's padding). */
const VIEWPORT = 256;
const PREVIEW = 96;
/** Arrow keys move the picture this far; with Shift, five times as far. */
const STEP = 8;

export interface LoadedPicture {
  image: HTMLImageElement;
  /** An object URL of the chosen file (img-src blob: in the CSP); revoked by the owner. */
  url: string;
}

/** Draws the chosen square of the picture onto a canvas of `size` pixels. */
function drawCrop(canvas: HTMLCanvasElement, image: HTMLImageElement, crop: CropState, size: number) {
  const picture = { width: image.naturalWidth, height: image.naturalHeight };
  const { sx, sy, size: side } = sourceSquare(crop, picture, VIEWPORT);
  canvas.width = size;
  canvas.height = size;
  const context = canvas.getContext('2d');
  if (!context) return;
  context.imageSmoothingQuality = 'high';
  context.drawImage(image, sx, sy, side, side, 0, 0, size, size);
}

function toBlob(canvas: HTMLCanvasElement, type: string): Promise<Blob | null> {
  return new Promise((resolve) => canvas.toBlob(resolve, type, 0.9));
}

/** The crop as a 512 × 512 WebP, or JPEG where the browser cannot encode WebP (Safari). */
export async function renderCroppedPhoto(image: HTMLImageElement, crop: CropState): Promise<Blob> {
  const canvas = document.createElement('canvas');
  drawCrop(canvas, image, crop, PHOTO_OUTPUT_SIZE);
  const webp = await toBlob(canvas, 'image/webp');
  if (webp?.type === 'image/webp') return webp;
  const jpeg = await toBlob(canvas, 'image/jpeg');
  if (!jpeg) throw new Error('This browser could not encode the photo.');
  return jpeg;
}

type PictureSize = { width: number; height: number };
type SetCrop = (next: CropState | ((current: CropState) => CropState)) => void;

/**
 * Arrow keys (Shift for larger steps) and dragging pan the picture, + and − zoom it; the handlers
 * go on the crop area.
 */
function useCropGestures(size: PictureSize, crop: CropState, setCrop: SetCrop) {
  const drag = useRef<{ pointerX: number; pointerY: number; start: CropState } | null>(null);

  const onKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    const step = event.shiftKey ? STEP * 5 : STEP;
    const moves: Record<string, [number, number]> = {
      ArrowLeft: [step, 0],
      ArrowRight: [-step, 0],
      ArrowUp: [0, step],
      ArrowDown: [0, -step],
    };
    const move = moves[event.key];
    if (move) {
      // The picture moves under a fixed frame: "right" shows more of the picture's right side.
      setCrop((current) => panBy(current, move[0], move[1], size, VIEWPORT));
    } else if (event.key === '+' || event.key === '=') {
      setCrop((current) => zoomTo(current, current.zoom + 0.25, size, VIEWPORT));
    } else if (event.key === '-') {
      setCrop((current) => zoomTo(current, current.zoom - 0.25, size, VIEWPORT));
    } else {
      return;
    }
    event.preventDefault();
  };

  const onPointerDown = (event: PointerEvent<HTMLDivElement>) => {
    event.currentTarget.setPointerCapture(event.pointerId);
    drag.current = { pointerX: event.clientX, pointerY: event.clientY, start: crop };
  };
  const onPointerMove = (event: PointerEvent<HTMLDivElement>) => {
    const from = drag.current;
    if (!from) return;
    setCrop(panBy(from.start, event.clientX - from.pointerX, event.clientY - from.pointerY, size, VIEWPORT));
  };
  const endDrag = () => {
    drag.current = null;
  };
  return { onKeyDown, onPointerDown, onPointerMove, onPointerUp: endDrag, onPointerCancel: endDrag };
}

/** The Zoom slider and the round preview of the result. */
function ZoomAndPreview({
  id,
  picture,
  size,
  crop,
  setCrop,
}: {
  id: string;
  picture: LoadedPicture;
  size: PictureSize;
  crop: CropState;
  setCrop: SetCrop;
}) {
  // A state ref: the dialog's portal mounts the canvas after this component's first effects run.
  const [preview, setPreview] = useState<HTMLCanvasElement | null>(null);

  useEffect(() => {
    if (preview) drawCrop(preview, picture.image, crop, PREVIEW * 2);
  }, [preview, crop, picture.image]);

  return (
    <div className="grid w-full gap-4">
      <div className="grid gap-1.5">
        <Label htmlFor={`${id}-zoom`}>Zoom</Label>
        <input
          id={`${id}-zoom`}
          type="range"
          min={MIN_ZOOM}
          max={MAX_ZOOM}
          step={0.05}
          value={crop.zoom}
          aria-valuetext={`${Math.round(crop.zoom * 100)}%`}
          onChange={(event) =>
            setCrop((current) => zoomTo(current, Number(event.target.value), size, VIEWPORT))
          }
          className="w-full accent-brand-700"
        />
      </div>
      <figure className="grid justify-items-center gap-1 sm:justify-items-start">
        <canvas
          ref={setPreview}
          role="img"
          aria-label="Preview of your new photo"
          className="rounded-full border border-border"
          style={{ width: PREVIEW, height: PREVIEW }}
        />
        <figcaption className="text-xs text-muted">Preview</figcaption>
      </figure>
    </div>
  );
}

/**
 * Keyboard-accessible square crop: arrow keys (Shift for larger steps) or dragging move the
 * picture, the Zoom slider (or + and −) scales it, and a round preview shows the result.
 */
export function CropDialog({
  picture,
  pending,
  onCancel,
  onSave,
}: {
  picture: LoadedPicture;
  pending: boolean;
  onCancel: () => void;
  onSave: (crop: CropState) => void;
}) {
  const id = useId();
  const size = { width: picture.image.naturalWidth, height: picture.image.naturalHeight };
  const [crop, setCrop] = useState<CropState>(() => centredCrop(size, VIEWPORT));
  const gestures = useCropGestures(size, crop, setCrop);
  const scale = scaleFor(size, VIEWPORT, crop.zoom);

  return (
    <Dialog open onOpenChange={(open) => !open && !pending && onCancel()}>
      <DialogContent aria-describedby={`${id}-help`}>
        <DialogHeader>
          <DialogTitle>Crop your photo</DialogTitle>
          <DialogDescription id={`${id}-help`}>
            Move the picture with the arrow keys (Shift moves further) or by dragging, and zoom with the
            slider. The square is what your colleagues will see.
          </DialogDescription>
        </DialogHeader>
        <div className="flex flex-col items-center gap-4 sm:flex-row sm:items-start">
          {/* A custom 2-D control: arrow keys pan, + and − zoom (role application passes keys through). */}
          <div
            role="application"
            aria-roledescription="crop area"
            aria-label="Photo crop: use the arrow keys to move the picture"
            // biome-ignore lint/a11y/noNoninteractiveTabindex: role application is operated by keyboard here.
            tabIndex={0}
            {...gestures}
            className="relative shrink-0 cursor-move touch-none overflow-hidden rounded-md bg-slate-200 outline-offset-2 focus-visible:outline-2 focus-visible:outline-brand-600"
            style={{ width: VIEWPORT, height: VIEWPORT }}
          >
            <img
              src={picture.url}
              alt=""
              draggable={false}
              className="pointer-events-none absolute top-0 left-0 max-w-none origin-top-left select-none"
              style={{
                width: size.width * scale,
                height: size.height * scale,
                transform: `translate(${crop.x}px, ${crop.y}px)`,
              }}
            />
            <div
              aria-hidden="true"
              className="pointer-events-none absolute inset-0 rounded-full shadow-[0_0_0_999px_rgba(15,23,42,0.45)]"
            />
          </div>
          <ZoomAndPreview id={id} picture={picture} size={size} crop={crop} setCrop={setCrop} />
        </div>
        <DialogFooter>
          <Button variant="outline" onClick={onCancel} disabled={pending}>
            Cancel
          </Button>
          <Button onClick={() => onSave(crop)} disabled={pending}>
            {pending ? 'Saving...' : 'Save photo'}
          </Button>
        </DialogFooter>
      </DialogContent>
    </Dialog>
  );
}
