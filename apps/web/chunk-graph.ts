// A Vite plugin that writes dist/.vite/chunk-graph.json: every JS chunk with the source
// modules it holds and the chunks it imports, and for each public page the files its
// first load needs (the entry's static imports plus the page's own lazy chunk and its
// static imports). The build's budget check (scripts/report-sizes.mjs) measures those,
// and the server preloads them in the page it sends (apps/api route-preloads.ts).
import { relative } from 'node:path';
import type { Plugin } from 'vite';

export interface ChunkNode {
  /** Source modules in the chunk, relative to the web app (dependencies as node_modules/…). */
  modules: string[];
  imports: string[];
  dynamicImports: string[];
  css: string[];
  isEntry: boolean;
}

export interface ChunkGraph {
  chunks: Record<string, ChunkNode>;
  /** Page pattern → the JS and CSS files of its first load, entry first. */
  pages: Record<string, string[]>;
}

/** `pages`: a page pattern (as packages/shared page-routes.ts writes it) → the module that draws it. */
export function chunkGraph(root: string, pages: Record<string, string>): Plugin {
  return {
    name: 'acende-chunk-graph',
    apply: 'build',
    generateBundle(_options, bundle) {
      const chunks: Record<string, ChunkNode> = {};
      // A chunk of CSS alone (a stylesheet two lazy chunks share, as leaflet.css once the map
      // and its layer of poles both import Leaflet) is no file: Vite drops it and its CSS goes
      // with its importers, which list it in their importedCss.
      const cssOnly = (output: { moduleIds: string[] }) =>
        output.moduleIds.length > 0 && output.moduleIds.every((id) => /\.css(\?|$)/.test(id));
      const dropped = new Set(
        Object.values(bundle).flatMap((output) =>
          output.type === 'chunk' && cssOnly(output) ? [output.fileName] : [],
        ),
      );
      for (const output of Object.values(bundle)) {
        if (output.type !== 'chunk' || dropped.has(output.fileName)) continue;
        const meta = (output as { viteMetadata?: { importedCss: Set<string> } }).viteMetadata;
        chunks[output.fileName] = {
          modules: output.moduleIds.map((id) => relative(root, id).replace(/^.*node_modules\//, 'node_modules/')),
          imports: output.imports.filter((file) => !dropped.has(file)),
          dynamicImports: output.dynamicImports.filter((file) => !dropped.has(file)),
          css: [...(meta?.importedCss ?? [])],
          isEntry: output.isEntry,
        };
      }
      const closure = (start: string[], into: string[] = []) => {
        for (const file of start) {
          if (into.includes(file)) continue;
          into.push(file);
          closure(chunks[file]?.imports ?? [], into);
        }
        return into;
      };
      const entry = closure(Object.keys(chunks).filter((file) => chunks[file]?.isEntry));
      const result: ChunkGraph = { chunks, pages: {} };
      for (const [pattern, module] of Object.entries(pages)) {
        const own = Object.keys(chunks).find((file) => chunks[file]?.modules.includes(module));
        if (!own) this.error(`chunk-graph: no chunk holds ${module} (page ${pattern})`);
        const files = closure([own], [...entry]);
        result.pages[pattern] = [...files, ...files.flatMap((file) => chunks[file]?.css ?? [])].filter(
          (file, index, all) => all.indexOf(file) === index,
        );
      }
      this.emitFile({ type: 'asset', fileName: '.vite/chunk-graph.json', source: JSON.stringify(result) });
    },
  };
}
