import { act, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { renderToStaticMarkup } from 'react-dom/server';
import { afterEach, describe, expect, it } from 'vitest';
import {
  BrowserRouter,
  Link,
  Navigate,
  NavLink,
  StaticRouter,
  useLocation,
  useNavigate,
  useSearchParams,
} from './router';

function CurrentPath() {
  const location = useLocation();
  return <output aria-label="current path">{`${location.pathname}${location.search}`}</output>;
}

const currentPath = () => screen.getByRole('status', { name: 'current path' }).textContent;

afterEach(() => window.history.replaceState(null, '', '/'));

describe('the site router', () => {
  it('follows a plain click on a Link without reloading the page, and Back returns', async () => {
    const user = userEvent.setup();
    render(
      <BrowserRouter>
        <Link to="/about-8901234">About</Link>
        <CurrentPath />
      </BrowserRouter>,
    );
    expect(screen.getByRole('link', { name: 'About' })).toHaveAttribute('href', '/about-8901234');
    await user.click(screen.getByRole('link', { name: 'About' }));
    expect(window.location.pathname).toBe('/about-8901234');
    expect(currentPath()).toBe('/about-8901234');
    await act(async () => {
      window.history.back();
      await new Promise((resolve) => window.addEventListener('popstate', resolve, { once: true }));
    });
    expect(currentPath()).toBe('/');
  });

  it('leaves a link that opens in a new tab to the browser', async () => {
    const user = userEvent.setup();
    render(
      <BrowserRouter>
        <Link to="/planetlaundromat" target="_blank">
          Planet Laundromat
        </Link>
        <CurrentPath />
      </BrowserRouter>,
    );
    await user.click(screen.getByRole('link', { name: 'Planet Laundromat' }));
    expect(currentPath()).toBe('/');
  });

  it('marks the NavLink of the current page as active, and its parents unless they ask for an exact match', () => {
    const html = renderToStaticMarkup(
      <StaticRouter location="/portfolio-9012345/planetlaundromat">
        <NavLink to="/portfolio-9012345" className="nav">
          Portfolio
        </NavLink>
        <NavLink to="/portfolio-9012345" end className="nav">
          Exact
        </NavLink>
        <NavLink to="/" end className="nav">
          Home
        </NavLink>
      </StaticRouter>,
    );
    expect(html).toBe(
      '<a class="nav active" aria-current="page" href="/portfolio-9012345">Portfolio</a>' +
        '<a class="nav" href="/portfolio-9012345">Exact</a>' +
        '<a class="nav" href="/">Home</a>',
    );
  });

  it('replaces the history entry when <Navigate replace> redirects', () => {
    window.history.replaceState(null, '', '/auth');
    const before = window.history.length;
    render(
      <BrowserRouter>
        <Navigate to="/dashboard" replace />
        <CurrentPath />
      </BrowserRouter>,
    );
    expect(window.location.pathname).toBe('/dashboard');
    expect(window.history.length).toBe(before);
  });

  it('navigates from code and reads the query string', async () => {
    const user = userEvent.setup();
    function TokenReader() {
      const [params] = useSearchParams();
      const navigate = useNavigate();
      return (
        <>
          <p>token: {params.get('token') ?? 'none'}</p>
          <button type="button" onClick={() => navigate('/reset-password?token=abc')}>
            Go
          </button>
        </>
      );
    }
    render(
      <BrowserRouter>
        <TokenReader />
      </BrowserRouter>,
    );
    expect(screen.getByText('token: none')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Go' }));
    expect(screen.getByText('token: abc')).toBeInTheDocument();
  });

  it('renders the prerendered location on the server', () => {
    const html = renderToStaticMarkup(
      <StaticRouter location="/confirm-email?token=xyz">
        <CurrentPath />
      </StaticRouter>,
    );
    expect(html).toContain('/confirm-email?token=xyz');
  });
});
