import { describe, expect, test } from 'bun:test';
import { readImageHeader } from '../../src/server/lib/image-header.ts';
import { seriousAccessibilityViolations, startE2E } from './harness.ts';
import { WAIT_MS, waitForToast } from './helpers.ts';

const e2e = startE2E();

describe('Profile photo', () => {
  test('choose a picture, crop it square by keyboard, save, and the header shows it', async () => {
    const { page } = await e2e.newPage({ width: 1280, height: 1000 });
    await page.goto('/');
    await e2e.signUp(page);
    await page.goto('/settings');
    const change = page.getByRole('button', { name: 'Change photo' });
    await change.waitFor({ timeout: WAIT_MS });
    // A real, oblong picture: a screenshot of part of this page (PNG, 480 × 320).
    const picture = await page.screenshot({ clip: { x: 0, y: 0, width: 480, height: 320 } });

    await page.getByLabel('Choose a profile photo').setInputFiles({
      name: 'me.png',
      mimeType: 'image/png',
      buffer: picture,
    });
    const dialog = page.getByRole('dialog', { name: 'Crop your photo' });
    await dialog.waitFor({ timeout: WAIT_MS });
    // The preview shows the crop from the start, before anything moves.
    const preview = dialog.getByRole('img', { name: 'Preview of your new photo' });
    await expect(
      preview.evaluate(
        (canvas: HTMLCanvasElement) => canvas.getContext('2d')!.getImageData(96, 96, 1, 1).data[3],
      ),
    ).resolves.toBe(255);
    const area = dialog.getByRole('application', { name: /Photo crop/ });
    const image = area.locator('img');
    const startX = await image.evaluate((element) => getComputedStyle(element).transform);
    await area.focus();
    await page.keyboard.press('ArrowRight');
    await page.keyboard.press('Shift+ArrowRight');
    await expect(image.evaluate((element) => getComputedStyle(element).transform)).resolves.not.toBe(startX);
    await dialog.getByLabel('Zoom').fill('2');
    await expect(dialog.getByLabel('Zoom').getAttribute('aria-valuetext')).resolves.toBe('200%');
    expect(await seriousAccessibilityViolations(page)).toEqual([]);

    await dialog.getByRole('button', { name: 'Save photo' }).click();
    await waitForToast(page, 'Success', 'Profile photo updated');
    const headerPhoto = page.getByRole('banner').locator('img[src^="/api/users/"]');
    await headerPhoto.waitFor({ timeout: WAIT_MS });
    const src = (await headerPhoto.getAttribute('src'))!;
    expect(src).toMatch(/^\/api\/users\/[0-9a-f-]+\/photo\?v=\d+$/);

    const served = await page.request.get(src);
    expect(served.status()).toBe(200);
    expect(served.headers()['x-content-type-options']).toBe('nosniff');
    const header = readImageHeader(new Uint8Array(await served.body()));
    expect(header).toEqual({ contentType: 'image/webp', width: 512, height: 512 });
    expect(served.headers()['content-type']).toBe('image/webp');

    await page.getByRole('button', { name: 'Remove photo' }).click();
    await waitForToast(page, 'Success', 'Profile photo removed');
    await expect(headerPhoto.count()).resolves.toBe(0);
  }, 60_000);
});
