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
 * sign as a visitor would, moving the pointer onto the page, and waits until the app has hydrated.
 */
export async function startApp(page: Page, options: { timeout?: number } = {}): Promise<void> {
  await page.mouse.move(1, 1);
  await page.mouse.move(2, 2);
  await page.locator('#root[data-hydrated]').waitFor({ state: 'attached', timeout: options.timeout ?? 20_000 });
}
