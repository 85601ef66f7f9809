// A page in a chunk of its own that can also be loaded before it is drawn. Loaded, it is drawn at
// once; otherwise it suspends as React.lazy does. The first page of a visit is loaded before the
// first render (main.tsx): React keeps a Suspense fallback on screen at least 300 ms once shown,
// and on `/` that held the wizard's heading, the page's largest paint, back (decision 0054).
import { type ComponentType, createElement, type FunctionComponent, lazy } from 'react';

export interface LazyPage extends FunctionComponent {
  /** Fetches and runs the page's chunk (once; again after a failure). */
  load(): Promise<unknown>;
}

export function lazyPage(load: () => Promise<ComponentType>): LazyPage {
  let loaded: ComponentType | undefined;
  let loading: Promise<ComponentType> | undefined;
  const start = () => {
    loading ??= load().then(
      (component) => {
        loaded = component;
        return component;
      },
      (error: unknown) => {
        loading = undefined;
        throw error;
      },
    );
    return loading;
  };
  const Lazy = lazy(() => start().then((component) => ({ default: component })));
  const Page = () => createElement(loaded ?? Lazy);
  return Object.assign(Page, { load: start });
}
