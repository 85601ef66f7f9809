// What a test passes on to a server process it starts with an environment of its own: the
// preload with which npm test's Node 24 stage loads better-sqlite3's Node 24 build
// (scripts/node-24.mjs; decision 0020). Empty outside that stage.
const NAMES = ['NODE_OPTIONS', 'ACENDE_SQLITE_FROM', 'ACENDE_SQLITE_TO'] as const;

export function nodeLineEnv(): Record<string, string> {
  return Object.fromEntries(NAMES.flatMap((name) => (process.env[name] ? [[name, process.env[name]]] : [])));
}
