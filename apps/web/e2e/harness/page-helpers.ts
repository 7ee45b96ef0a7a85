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
