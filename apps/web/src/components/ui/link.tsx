// React Router's Link and NavLink as the app uses them, built on the router's own hooks
// (useHref, useLinkClickHandler: the same navigation as its Link): its components carry framework
// mode's prefetching, route discovery and view transitions into every first load (decision 0054).
import type { AnchorHTMLAttributes, CSSProperties, MouseEvent, ReactNode, Ref } from 'react';
import { type To, useHref, useLinkClickHandler, useLocation, useResolvedPath } from 'react-router';

export interface LinkProps extends Omit<AnchorHTMLAttributes<HTMLAnchorElement>, 'href'> {
  to: To;
  /** Replaces the current history entry (by default only when the link goes where the page is). */
  replace?: boolean;
  state?: unknown;
  /** A full page load instead of the router's navigation. */
  reloadDocument?: boolean;
  ref?: Ref<HTMLAnchorElement>;
}

export function Link({ to, replace, state, reloadDocument, target, onClick, ...props }: LinkProps) {
  const href = useHref(to);
  const navigate = useLinkClickHandler(to, { replace, state, target });
  const handleClick = (event: MouseEvent<HTMLAnchorElement>) => {
    onClick?.(event);
    if (!event.defaultPrevented && !reloadDocument) navigate(event);
  };
  return <a {...props} href={href} target={target} onClick={handleClick} />;
}

interface NavLinkState {
  isActive: boolean;
}

export interface NavLinkProps extends Omit<LinkProps, 'className' | 'style' | 'children'> {
  className?: string | ((state: NavLinkState) => string | undefined);
  style?: CSSProperties | ((state: NavLinkState) => CSSProperties | undefined);
  children?: ReactNode | ((state: NavLinkState) => ReactNode);
  /** Active only on its own address, not on the addresses below it. */
  end?: boolean;
}

/** A link that knows when the page is its address or one below it: aria-current="page" and an `active` class. */
export function NavLink({ to, end = false, className, style, children, ...props }: NavLinkProps) {
  const path = useResolvedPath(to).pathname.toLowerCase();
  const here = useLocation().pathname.toLowerCase();
  const slash = path !== '/' && path.endsWith('/') ? path.length - 1 : path.length;
  const isActive = here === path || (!end && here.startsWith(path) && here.charAt(slash) === '/');
  const state = { isActive };
  return (
    <Link
      {...props}
      to={to}
      aria-current={isActive ? (props['aria-current'] ?? 'page') : undefined}
      className={
        typeof className === 'function'
          ? className(state)
          : [className, isActive ? 'active' : null].filter(Boolean).join(' ')
      }
      style={typeof style === 'function' ? style(state) : style}
    >
      {typeof children === 'function' ? children(state) : children}
    </Link>
  );
}
