// Bundles the API into dist/main.js with esbuild: our code and @acende/shared are
// bundled, every npm dependency stays external and is loaded from node_modules.
import { readFileSync } from 'node:fs';
import { build } from 'esbuild';

const pkg = JSON.parse(readFileSync(new URL('./package.json', import.meta.url), 'utf8'));
const external = Object.keys(pkg.dependencies).filter((name) => !name.startsWith('@acende/'));

await build({
  // The export reads' and the checkpoints' threads sit beside main.js, where src/db looks for them.
  entryPoints: {
    main: 'src/main.ts',
    'migrate-cli': 'src/db/migrate-cli.ts',
    'sqlite-reads.worker': 'src/db/sqlite-reads.worker.js',
    'sqlite-checkpoints.worker': 'src/db/sqlite-checkpoints.worker.js',
  },
  outdir: 'dist',
  bundle: true,
  platform: 'node',
  format: 'esm',
  target: 'node20',
  sourcemap: true,
  external,
  logLevel: 'info',
  // import.meta.dirname in the bundle must point at apps/api/src-equivalent depth.
  banner: { js: "import { createRequire as __cr } from 'node:module'; const require = __cr(import.meta.url);" },
});
