// A build plugin for React Router's module: it sets each component's displayName at top level and
// makes its components and contexts with unannotated forwardRef/createContext/memo calls, so a
// bundler keeps every one of them (Form, ScrollRestoration, the framework's routers…) whether the
// app uses it or not: about 3 KB gzipped of every first load. The plugin drops those displayName
// lines (React DevTools' labels) and marks those calls pure, which they are (decision 0054).
import type { Plugin } from 'vite';

const ROUTER_MODULE = /node_modules\/react-router\/dist\/production\/chunk-[A-Z0-9]+\.mjs$/;
const DISPLAY_NAME = /^[\w$]+\.displayName = "[^"\n]*";$/gm;
const FACTORY_CALL = /= (React\d*\.(?:forwardRef|createContext|memo)\()/g;

export function reactRouterTreeShaking(): Plugin {
  return {
    name: 'acende-react-router-tree-shaking',
    apply: 'build',
    transform(code, id) {
      if (!ROUTER_MODULE.test(id)) return null;
      let marked = 0;
      const shaken = code.replace(DISPLAY_NAME, '').replace(FACTORY_CALL, (_call, factory: string) => {
        marked++;
        return `= /* @__PURE__ */ ${factory}`;
      });
      // The module that defines Link with nothing to mark: a new React Router release to look at.
      if (code.includes('var Link = ') && marked === 0)
        this.error(`react-router-tree-shaking: nothing to mark in ${id}`);
      return { code: shaken, map: null };
    },
  };
}
