import { createContext, useContext, useEffect, type AnchorHTMLAttributes, type MouseEvent, type Ref } from 'react';
import { Navigate, useHref, useLinkClickHandler, useMatch } from 'react-router-dom';

export interface LinkProps extends Omit<AnchorHTMLAttributes<HTMLAnchorElement>, 'href'> {
  /** A path of this site. */
  to: string;
  /** Replace the current history entry instead of adding one. */
  replace?: boolean;
  ref?: Ref<HTMLAnchorElement>;
}

/**
 * Whether a path of this site is loaded from the server rather than drawn by the app: the pages drawn from the
 * content staff edit, which the browser's bundle does not hold (the route table's `content`, docs/decisions/0043).
 */
export const LoadsDocumentContext = createContext<(to: string) => boolean>(() => false);

/**
 * A link to a page of this site, followed inside the app (or, to a page of the site's content, a plain link). Built on react-router's useHref and
 * useLinkClickHandler, the parts it documents for custom links, so it behaves as react-router's <Link> does
 * (modifier keys, new tabs, history). That <Link> also carries the prefetching of react-router's framework mode,
 * which a declarative router never runs and which cost every page about 4 KB gzip (docs/decisions/0008).
 */
export function Link({ to, replace, target, onClick, ref, ...anchorProps }: LinkProps) {
  const href = useHref(to);
  const followInApp = useLinkClickHandler<HTMLAnchorElement>(to, { replace, target });
  const loadsDocument = useContext(LoadsDocumentContext)(to);
  const handleClick = (event: MouseEvent<HTMLAnchorElement>) => {
    onClick?.(event);
    if (!event.defaultPrevented && !loadsDocument) followInApp(event);
  };
  return <a {...anchorProps} ref={ref} href={href} target={target} onClick={handleClick} />;
}

export interface NavLinkProps extends LinkProps {
  /** Current only on its own page, not on the pages below it. */
  end?: boolean;
}

/** A navigation link that tells assistive technology and the styles (aria-current="page") where the visitor is. */
export function NavLink({ end = false, ...linkProps }: NavLinkProps) {
  const isCurrent = useMatch({ path: linkProps.to, end }) !== null;
  return <Link {...linkProps} aria-current={isCurrent ? 'page' : undefined} />;
}

/**
 * Sends the visitor on, replacing the current history entry: inside the app, or, to a page of the site's content
 * (the home page after Logout), by loading it from the server at once, as a link to it does. A client-side move there
 * would draw nothing of the content and then reload the page, a second navigation after the first.
 */
export function Redirect({ to }: { to: string }) {
  const loadsDocument = useContext(LoadsDocumentContext)(to);
  useEffect(() => {
    if (loadsDocument) window.location.replace(to);
  }, [loadsDocument, to]);
  return loadsDocument ? null : <Navigate to={to} replace />;
}
