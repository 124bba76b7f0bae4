import { describe, expect, test } from 'bun:test';
import { centredCrop, clampCrop, panBy, sourceSquare, zoomTo } from './crop';

const wide = { width: 800, height: 400 };
const viewport = 200;

describe('square crop', () => {
  test('starts centred with the shorter side filling the square', () => {
    const state = centredCrop(wide, viewport);
    expect(state).toEqual({ zoom: 1, x: -100, y: 0 });
    expect(sourceSquare(state, wide, viewport)).toEqual({ sx: 200, sy: 0, size: 400 });
  });

  test('panning stops at the picture’s edges', () => {
    const state = centredCrop(wide, viewport);
    expect(panBy(state, 500, 0, wide, viewport)).toEqual({ zoom: 1, x: 0, y: 0 });
    expect(panBy(state, -500, 30, wide, viewport)).toEqual({ zoom: 1, x: -200, y: 0 });
    expect(sourceSquare(panBy(state, -500, 0, wide, viewport), wide, viewport)).toEqual({
      sx: 400,
      sy: 0,
      size: 400,
    });
  });

  test('zooming keeps the centre and narrows the source square', () => {
    const zoomed = zoomTo(centredCrop(wide, viewport), 2, wide, viewport);
    expect(zoomed).toEqual({ zoom: 2, x: -300, y: -100 });
    expect(sourceSquare(zoomed, wide, viewport)).toEqual({ sx: 300, sy: 100, size: 200 });
  });

  test('zoom stays between 1 and 4', () => {
    expect(clampCrop({ zoom: 9, x: 0, y: 0 }, wide, viewport).zoom).toBe(4);
    expect(clampCrop({ zoom: 0.2, x: 0, y: 0 }, wide, viewport).zoom).toBe(1);
  });
});
