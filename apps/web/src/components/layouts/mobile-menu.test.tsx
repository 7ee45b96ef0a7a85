import { act, render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { hydrateRoot } from 'react-dom/client';
import { renderToString } from 'react-dom/server';
import { MemoryRouter } from 'react-router-dom';
import { describe, expect, it, vi } from 'vitest';
import { REQUEST_QUOTE_LINK, SERVICES_MENU } from '@/content/navigation';
import { MobileMenu } from './mobile-menu';

const renderMenu = () =>
  render(
    <MemoryRouter>
      <MobileMenu />
    </MemoryRouter>,
  );

describe('the mobile menu', () => {
  it('without JavaScript is a link to a full list of the pages, which CSS shows as the target, with a way out', () => {
    const container = document.createElement('div');
    container.innerHTML = renderToString(
      <MemoryRouter>
        <MobileMenu />
      </MemoryRouter>,
    );
    expect(within(container).getByRole('link', { name: 'Menu' })).toHaveAttribute('href', '#mobile-menu');
    const menu = container.querySelector('#mobile-menu')!;
    expect(menu).toHaveClass('mobile-menu--static');
    expect(within(menu as HTMLElement).getByRole('link', { name: 'Close' })).toHaveAttribute('href', '#');
    for (const item of SERVICES_MENU) {
      expect(within(menu as HTMLElement).getByRole('link', { name: item.label })).toHaveAttribute('href', item.to);
    }
    expect(within(menu as HTMLElement).getByRole('link', { name: 'Request a Quote' })).toHaveAttribute(
      'href',
      REQUEST_QUOTE_LINK.to,
    );
  });

  it('hydrates the prerendered link without a mismatch and becomes the dialog button', async () => {
    const consoleError = vi.spyOn(console, 'error');
    const container = document.createElement('div');
    const menu = (
      <MemoryRouter>
        <MobileMenu />
      </MemoryRouter>
    );
    container.innerHTML = renderToString(menu);
    document.body.append(container);
    const recoverableErrors: unknown[] = [];
    await act(async () => {
      hydrateRoot(container, menu, { onRecoverableError: (error) => recoverableErrors.push(error) });
    });
    expect(recoverableErrors).toEqual([]);
    expect(consoleError).not.toHaveBeenCalled();
    expect(within(container).getByRole('button', { name: 'Menu' })).toHaveAttribute('aria-haspopup', 'dialog');
    expect(container.querySelector('#mobile-menu')).toBeNull();
    container.remove();
    consoleError.mockRestore();
  });

  it('opens as a full-screen dialog with focus on its Close button', async () => {
    const user = userEvent.setup();
    renderMenu();
    const menuButton = screen.getByRole('button', { name: 'Menu' });
    expect(menuButton).toHaveAttribute('aria-expanded', 'false');
    await user.click(menuButton);
    expect(await screen.findByRole('dialog', { name: 'Menu' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Close' })).toHaveFocus();
    expect(menuButton).toHaveAttribute('aria-expanded', 'true');
  });

  it('keeps the Services list collapsed until its toggle is pressed, then shows the six services', async () => {
    const user = userEvent.setup();
    renderMenu();
    await user.click(screen.getByRole('button', { name: 'Menu' }));
    const toggle = await screen.findByRole('button', { name: 'Services' });
    const list = document.getElementById(toggle.getAttribute('aria-controls')!)!;
    expect(toggle).toHaveAttribute('aria-expanded', 'false');
    expect(list).not.toBeVisible();
    await user.click(toggle);
    expect(toggle).toHaveAttribute('aria-expanded', 'true');
    expect(list).toBeVisible();
    for (const item of SERVICES_MENU) {
      expect(within(list).getByRole('link', { name: item.label })).toHaveAttribute('href', item.to);
    }
    await user.click(toggle);
    expect(list).not.toBeVisible();
  });

  it('keeps keyboard focus inside while open, and Escape closes it and returns focus to the Menu button', async () => {
    const user = userEvent.setup();
    renderMenu();
    const menuButton = screen.getByRole('button', { name: 'Menu' });
    await user.click(menuButton);
    const dialog = await screen.findByRole('dialog', { name: 'Menu' });
    const close = screen.getByRole('button', { name: 'Close' });
    await user.tab({ shift: true });
    expect(within(dialog).getByRole('link', { name: 'Request a Quote' })).toHaveFocus();
    await user.tab();
    expect(close).toHaveFocus();
    await user.keyboard('{Escape}');
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(menuButton).toHaveFocus();
  });
});
