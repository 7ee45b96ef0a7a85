/**
 * A small router with the part of react-router-dom's API this site uses: BrowserRouter, StaticRouter, Link,
 * NavLink, Navigate, useLocation, useNavigate, useSearchParams.
 *
 * Why: react-router adds about 12 KB gzip to the first download, which the 90 KB initial-JavaScript budget cannot
 * afford on top of React. The site's own route matching lives in route-table.tsx, so only navigation is needed
 * here. vite.config.ts points 'react-router-dom' at this file for the production builds (client and prerender
 * alike, so hydration sees the same markup); the unit tests keep the real library. Behaviour kept the same:
 * NavLink's "active" class and aria-current, Link's plain-click interception, replace navigation.
 */
import {
  createContext,
  startTransition,
  useCallback,
  useContext,
  useEffect,
  useMemo,
  useState,
  type AnchorHTMLAttributes,
  type CSSProperties,
  type MouseEvent,
  type ReactNode,
  type Ref,
} from 'react';

export interface Location {
  pathname: string;
  search: string;
  hash: string;
  state: unknown;
  key: string;
}

export type To = string | { pathname?: string; search?: string; hash?: string };

export interface NavigateOptions {
  replace?: boolean;
  state?: unknown;
}

export type NavigateFunction = {
  (to: To, options?: NavigateOptions): void;
  (delta: number): void;
};

interface RouterContextValue {
  location: Location;
  navigate: NavigateFunction;
}

const RouterContext = createContext<RouterContextValue | null>(null);

function useRouter(): RouterContextValue {
  const router = useContext(RouterContext);
  if (!router) throw new Error('This component must be rendered inside <BrowserRouter> or <StaticRouter>.');
  return router;
}

export function createPath(to: To): string {
  if (typeof to === 'string') return to;
  return `${to.pathname ?? ''}${to.search ?? ''}${to.hash ?? ''}`;
}

function parseLocation(path: string, state: unknown = null, key = 'default'): Location {
  const url = new URL(path, 'http://router.invalid');
  return { pathname: url.pathname, search: url.search, hash: url.hash, state, key };
}

/** Resolves a link target against the current location, as an <a href> would. */
function resolve(to: To, from: Location): string {
  const url = new URL(createPath(to), `http://router.invalid${from.pathname}${from.search}`);
  return `${url.pathname}${url.search}${url.hash}`;
}

const readWindowLocation = (): Location =>
  parseLocation(
    `${window.location.pathname}${window.location.search}${window.location.hash}`,
    (window.history.state as { usr?: unknown } | null)?.usr ?? null,
    (window.history.state as { key?: string } | null)?.key ?? 'default',
  );

export function BrowserRouter({ children }: { children?: ReactNode }) {
  const [location, setLocation] = useState(readWindowLocation);

  useEffect(() => {
    const onPopState = () => startTransition(() => setLocation(readWindowLocation()));
    window.addEventListener('popstate', onPopState);
    return () => window.removeEventListener('popstate', onPopState);
  }, []);

  const navigate = useCallback((to: To | number, options: NavigateOptions = {}) => {
    if (typeof to === 'number') {
      window.history.go(to);
      return;
    }
    const current = readWindowLocation();
    const path = resolve(to, current);
    const key = Math.random().toString(36).slice(2, 10);
    const historyState = { usr: options.state ?? null, key };
    if (options.replace) window.history.replaceState(historyState, '', path);
    else window.history.pushState(historyState, '', path);
    // A transition keeps the current page on screen while a lazily loaded next page arrives.
    startTransition(() => setLocation(parseLocation(path, options.state ?? null, key)));
  }, []) as NavigateFunction;

  const value = useMemo(() => ({ location, navigate }), [location, navigate]);
  return <RouterContext.Provider value={value}>{children}</RouterContext.Provider>;
}

/** The router of the prerenderer: a fixed location, and navigation is impossible. */
export function StaticRouter({ location, children }: { location: string; children?: ReactNode }) {
  const value = useMemo<RouterContextValue>(
    () => ({
      location: parseLocation(location),
      navigate: (() => {
        throw new Error('Cannot navigate while prerendering.');
      }) as NavigateFunction,
    }),
    [location],
  );
  return <RouterContext.Provider value={value}>{children}</RouterContext.Provider>;
}

export function useLocation(): Location {
  return useRouter().location;
}

export function useNavigate(): NavigateFunction {
  return useRouter().navigate;
}

export function useInRouterContext(): boolean {
  return useContext(RouterContext) !== null;
}

export function Navigate({ to, replace, state }: { to: To } & NavigateOptions) {
  const { navigate } = useRouter();
  const target = createPath(to);
  useEffect(() => {
    navigate(target, { replace, state });
  }, [navigate, target, replace, state]);
  return null;
}

export function useSearchParams(): [URLSearchParams, (next: URLSearchParams | Record<string, string>) => void] {
  const { location, navigate } = useRouter();
  const searchParams = useMemo(() => new URLSearchParams(location.search), [location.search]);
  const setSearchParams = useCallback(
    (next: URLSearchParams | Record<string, string>) => {
      const search = new URLSearchParams(next).toString();
      navigate({ pathname: location.pathname, search: search ? `?${search}` : '' });
    },
    [navigate, location.pathname],
  );
  return [searchParams, setSearchParams];
}

type AnchorProps = Omit<AnchorHTMLAttributes<HTMLAnchorElement>, 'href'>;

export interface LinkProps extends AnchorProps {
  to: To;
  replace?: boolean;
  state?: unknown;
  reloadDocument?: boolean;
  ref?: Ref<HTMLAnchorElement>;
}

const isPlainLeftClick = (event: MouseEvent<HTMLAnchorElement>) =>
  event.button === 0 && !event.metaKey && !event.altKey && !event.ctrlKey && !event.shiftKey;

export function Link({ to, replace, state, reloadDocument, onClick, target, ref, ...rest }: LinkProps) {
  const { location, navigate } = useRouter();
  const href = resolve(to, location);
  const handleClick = (event: MouseEvent<HTMLAnchorElement>) => {
    onClick?.(event);
    if (event.defaultPrevented || reloadDocument || !isPlainLeftClick(event)) return;
    if (target && target !== '_self') return;
    event.preventDefault();
    navigate(href, { replace, state });
  };
  return <a {...rest} ref={ref} href={href} target={target} onClick={handleClick} />;
}

interface NavLinkRenderProps {
  isActive: boolean;
  isPending: boolean;
  isTransitioning: boolean;
}

export interface NavLinkProps extends Omit<LinkProps, 'className' | 'style' | 'children'> {
  end?: boolean;
  caseSensitive?: boolean;
  className?: string | ((props: NavLinkRenderProps) => string | undefined);
  style?: CSSProperties | ((props: NavLinkRenderProps) => CSSProperties | undefined);
  children?: ReactNode | ((props: NavLinkRenderProps) => ReactNode);
}

/** react-router's rule: the current path equals the link's, or (without `end`) lies below it. */
function isActivePath(current: string, target: string, end: boolean, caseSensitive: boolean) {
  const locationPath = caseSensitive ? current : current.toLowerCase();
  const toPath = caseSensitive ? target : target.toLowerCase();
  const endSlash = toPath !== '/' && toPath.endsWith('/') ? toPath.length - 1 : toPath.length;
  return locationPath === toPath || (!end && locationPath.startsWith(toPath) && locationPath.charAt(endSlash) === '/');
}

export function NavLink({
  end = false,
  caseSensitive = false,
  className,
  style,
  children,
  'aria-current': ariaCurrent = 'page',
  ...rest
}: NavLinkProps) {
  const { location } = useRouter();
  const toPathname = new URL(resolve(rest.to, location), 'http://router.invalid').pathname;
  const isActive = isActivePath(location.pathname, toPathname, end, caseSensitive);
  const renderProps: NavLinkRenderProps = { isActive, isPending: false, isTransitioning: false };
  const classes =
    typeof className === 'function'
      ? className(renderProps)
      : [className, isActive ? 'active' : null].filter(Boolean).join(' ') || undefined;
  return (
    <Link
      {...rest}
      className={classes}
      style={typeof style === 'function' ? style(renderProps) : style}
      aria-current={isActive ? ariaCurrent : undefined}
    >
      {typeof children === 'function' ? children(renderProps) : children}
    </Link>
  );
}
