// The server answers 200 only for the page paths of packages/shared/src/page-routes.ts and
// 404 for any other: a route the routers draw without its entry in that list (or an entry no
// router draws) would give a real page a 404, or an unknown one a 200.
import { ADMIN_PAGE_PATHS, PUBLIC_PAGE_PATHS } from '@acende/shared/page-routes';
import { isValidElement, type ReactNode } from 'react';
import { createRoutesFromChildren, type RouteObject, Routes } from 'react-router';
import { describe, expect, it } from 'vitest';
import { adminRoutes, publicAdminRoutes } from './admin/admin-routes.tsx';
import { AppRoutes } from './router.tsx';

/** Every path of the route tree, joined to its parents', but the catch-alls. */
function pathsOf(routes: RouteObject[], parent = ''): string[] {
  return routes.flatMap((route) => {
    const own = route.path === undefined ? parent : route.path.startsWith('/') ? route.path : `${parent}/${route.path}`;
    const children = route.children ? pathsOf(route.children, own) : [];
    const mine = route.path === undefined || route.path.endsWith('*') ? [] : [own];
    return [...mine, ...children];
  });
}

const sorted = (paths: Iterable<string>) => [...paths].sort();

/** The route tree AppRoutes declares: the children of its <Routes>, as React Router reads them. */
function appRouteTree(): RouteObject[] {
  const find = (node: ReactNode): ReactNode => {
    if (!isValidElement<{ children?: ReactNode }>(node)) return undefined;
    if (node.type === Routes) return node.props.children;
    return [node.props.children]
      .flat()
      .map(find)
      .find((found) => found !== undefined);
  };
  const children = find(AppRoutes());
  if (children === undefined) throw new Error('AppRoutes declares no <Routes>');
  return createRoutesFromChildren(children);
}

describe('the page paths the server knows', () => {
  it('are exactly the public router pages (the admin app mounted below /admin/*)', () => {
    const routes = appRouteTree();
    const drawn = pathsOf(routes);
    expect(routes.some((route) => route.path === '/admin/*')).toBe(true);
    expect(sorted(drawn)).toEqual(sorted(PUBLIC_PAGE_PATHS));
  });

  it('are exactly the admin app pages: its index, the signed-out screens and the signed-in ones', () => {
    const drawn = ['', ...publicAdminRoutes.map((route) => route.path), ...adminRoutes.map((route) => route.path)];
    expect(sorted(drawn)).toEqual(sorted(ADMIN_PAGE_PATHS));
  });
});
