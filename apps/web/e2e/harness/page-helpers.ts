import { mkdirSync } from 'node:fs';
import path from 'node:path';
import type { Locator, Page } from 'playwright-core';

/** Collects window.alert texts and accepts them (Chromium would block otherwise). */
export function recordAlerts(page: Page): string[] {
  const alerts: string[] = [];
  page.on('dialog', (dialog) => {
    alerts.push(dialog.message());
    void dialog.accept();
  });
  return alerts;
}

/** A text control of `form` by its exact accessible name (its label). */
export const textbox = (form: Locator, name: string) => form.getByRole('textbox', { name, exact: true });

/** A select of `form` by its exact accessible name (its label). */
export const combobox = (form: Locator, name: string) => form.getByRole('combobox', { name, exact: true });

/**
 * A public page starts its app on the visitor's first touch, key or pointer (docs/decisions/0031). This gives that
 * sign as a visitor may, with a key that changes nothing on the page (Shift: no hover, focus or scroll), waits until
 * the app has hydrated, and then until what the app set in motion has come to rest (the quick-contact buttons fade
 * out while a form is on screen), so a check that follows sees the page as it stays, not half-way through a fade.
 * Endless animations (the home page's marquee) are left running.
 */
export async function startApp(page: Page, options: { timeout?: number } = {}): Promise<void> {
  await page.keyboard.press('Shift');
  await page.locator('#root[data-hydrated]').waitFor({ state: 'attached', timeout: options.timeout ?? 20_000 });
  // The app's observers report a few frames after it has hydrated (the quick-contact bar's IntersectionObserver),
  // and the fade they start runs for a few hundred milliseconds more.
  await untilAtRest(page);
}

/** Waits until no finite animation or transition runs in ten frames in a row (endless ones are left running). */
export async function untilAtRest(page: Page): Promise<void> {
  await page.evaluate(
    () =>
      new Promise<void>((resolve) => {
        let quietFrames = 0;
        const check = () => {
          const moving = document
            .getAnimations()
            .some(
              (animation) => animation.playState === 'running' && animation.effect?.getTiming().iterations !== Infinity,
            );
          quietFrames = moving ? 0 : quietFrames + 1;
          if (quietFrames >= 10) resolve();
          else requestAnimationFrame(check);
        };
        requestAnimationFrame(check);
      }),
  );
}

/** Keeps a full-page screenshot as `<name>.png` in the folder E2E_SCREENSHOTS names; without it, nothing. */
export async function saveScreenshot(page: Page, name: string): Promise<void> {
  const dir = process.env.E2E_SCREENSHOTS;
  if (!dir) return;
  mkdirSync(dir, { recursive: true });
  await page.screenshot({ path: path.join(dir, `${name}.png`), fullPage: true });
}
