import { fireEvent, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter, Route, Routes, useLocation } from 'react-router-dom';
import { describe, expect, it } from 'vitest';
import { Link, NavLink } from './link';

function ShownPath() {
  const { pathname } = useLocation();
  return <p>shown: {pathname}</p>;
}

function renderAt(path: string, links: React.ReactNode) {
  return render(
    <MemoryRouter initialEntries={[path]}>
      {links}
      <Routes>
        <Route path="*" element={<ShownPath />} />
      </Routes>
    </MemoryRouter>,
  );
}

describe('a link of the site', () => {
  it('points at its page and shows it inside the app when clicked', async () => {
    const user = userEvent.setup();
    renderAt('/', <Link to="/contact-7709327">Contact Us</Link>);
    const link = screen.getByRole('link', { name: 'Contact Us' });
    expect(link).toHaveAttribute('href', '/contact-7709327');
    await user.click(link);
    expect(screen.getByText('shown: /contact-7709327')).toBeInTheDocument();
  });

  it('leaves a Ctrl-click, and a link that opens a new tab, to the browser', () => {
    renderAt(
      '/',
      <>
        <Link to="/blog">Blog</Link>
        <Link to="/portfolio-9012345/planetlaundromat" target="_blank">
          View Project
        </Link>
      </>,
    );
    // Seen from the document, after the app's handlers: would the browser follow the link itself?
    const leftToBrowser: boolean[] = [];
    const record = (event: Event) => {
      leftToBrowser.push(!event.defaultPrevented);
      event.preventDefault(); // jsdom cannot load pages
    };
    document.addEventListener('click', record);
    fireEvent.click(screen.getByRole('link', { name: 'Blog' }), { ctrlKey: true });
    fireEvent.click(screen.getByRole('link', { name: 'View Project' }));
    fireEvent.click(screen.getByRole('link', { name: 'Blog' }));
    document.removeEventListener('click', record);
    expect(leftToBrowser).toEqual([true, true, false]);
    expect(screen.getByText('shown: /blog')).toBeInTheDocument();
  });

  it('runs its own click handler first, and stays put when that handler prevents the navigation', async () => {
    const user = userEvent.setup();
    renderAt(
      '/',
      <Link to="/blog" onClick={(event) => event.preventDefault()}>
        Blog
      </Link>,
    );
    await user.click(screen.getByRole('link', { name: 'Blog' }));
    expect(screen.getByText('shown: /')).toBeInTheDocument();
  });
});

describe('a navigation link', () => {
  it('is marked as the current page on its page and on the pages below it', () => {
    renderAt('/portfolio-9012345/planetlaundromat', <NavLink to="/portfolio-9012345">Portfolio</NavLink>);
    expect(screen.getByRole('link', { name: 'Portfolio' })).toHaveAttribute('aria-current', 'page');
  });

  it('with `end`, is current on its own page only', () => {
    renderAt(
      '/about-8901234',
      <>
        <NavLink to="/" end>
          Home
        </NavLink>
        <NavLink to="/about-8901234">About</NavLink>
      </>,
    );
    expect(screen.getByRole('link', { name: 'Home' })).not.toHaveAttribute('aria-current');
    expect(screen.getByRole('link', { name: 'About' })).toHaveAttribute('aria-current', 'page');
  });
});
