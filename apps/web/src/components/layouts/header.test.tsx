import { act, render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter } from 'react-router-dom';
import { afterEach, describe, expect, it } from 'vitest';
import { SERVICES_MENU } from '@/content/navigation';
import { Header } from './header';

function scrollTo(y: number) {
  Object.defineProperty(window, 'scrollY', { value: y, configurable: true });
  act(() => {
    window.dispatchEvent(new Event('scroll'));
  });
}

const renderHeader = () =>
  render(
    <MemoryRouter>
      <Header />
    </MemoryRouter>,
  );

afterEach(() => scrollTo(0));

describe('the header', () => {
  it('stays full height until the page is scrolled more than 50 px, then turns compact', () => {
    renderHeader();
    const header = screen.getByRole('banner');
    scrollTo(50);
    expect(header).not.toHaveClass('site-header--compact');
    scrollTo(51);
    expect(header).toHaveClass('site-header--compact');
    scrollTo(10);
    expect(header).not.toHaveClass('site-header--compact');
  });

  it('shows the spec navigation and a Request a Quote call to action', () => {
    renderHeader();
    const nav = screen.getByRole('navigation', { name: 'Main' });
    for (const label of ['Home', 'Services', 'About', 'Portfolio', 'Blog', 'Contact Us']) {
      expect(within(nav).getByRole('link', { name: label })).toBeInTheDocument();
    }
    expect(screen.getByRole('link', { name: 'Request a Quote' })).toHaveAttribute('href', '/request-a-quote-0163863');
  });
});

describe('the Services mega menu', () => {
  it('opens with its six services when the pointer rests on Services, and closes when it leaves', async () => {
    const user = userEvent.setup();
    renderHeader();
    const trigger = screen.getByRole('link', { name: 'Services' });
    expect(trigger).toHaveAttribute('aria-expanded', 'false');
    await user.hover(trigger);
    expect(trigger).toHaveAttribute('aria-expanded', 'true');
    const panel = document.getElementById(trigger.getAttribute('aria-controls')!)!;
    expect(panel).toBeVisible();
    expect(
      within(panel)
        .getAllByRole('link')
        .map((link) => link.textContent),
    ).toEqual(SERVICES_MENU.map((item) => expect.stringContaining(item.label)));
    await user.unhover(trigger.closest('li')!);
    expect(trigger).toHaveAttribute('aria-expanded', 'false');
  });

  it('opens when keyboard focus reaches Services, lets Tab walk through the services, and Escape closes it', async () => {
    const user = userEvent.setup();
    renderHeader();
    const trigger = screen.getByRole('link', { name: 'Services' });
    await user.tab(); // logo
    await user.tab(); // Home
    await user.tab(); // Services
    expect(trigger).toHaveFocus();
    expect(trigger).toHaveAttribute('aria-expanded', 'true');
    await user.tab();
    expect(screen.getByRole('link', { name: /Web Development/ })).toHaveFocus();
    await user.keyboard('{Escape}');
    expect(trigger).toHaveAttribute('aria-expanded', 'false');
    expect(trigger).toHaveFocus();
  });

  it('closes when keyboard focus moves on past the last service', async () => {
    const user = userEvent.setup();
    renderHeader();
    const trigger = screen.getByRole('link', { name: 'Services' });
    act(() => trigger.focus());
    act(() => screen.getByRole('link', { name: /Training/ }).focus());
    expect(trigger).toHaveAttribute('aria-expanded', 'true');
    await user.tab();
    expect(screen.getByRole('link', { name: 'About' })).toHaveFocus();
    expect(trigger).toHaveAttribute('aria-expanded', 'false');
  });
});
