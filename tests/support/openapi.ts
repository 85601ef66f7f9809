// The route table of a running server, read from its OpenAPI document: every route with
// its declared access level (`x-auth`, set by plugins/auth.ts), parameters and body schema.
export type Level = 'public' | 'any' | 'operator' | 'admin';

export interface JsonSchema {
  type?: string | string[];
  properties?: Record<string, JsonSchema>;
  required?: string[];
  items?: JsonSchema;
  enum?: unknown[];
  anyOf?: JsonSchema[];
  oneOf?: JsonSchema[];
  nullable?: boolean;
  maxLength?: number;
  minLength?: number;
  pattern?: string;
  minimum?: number;
  maximum?: number;
  default?: unknown;
}

export interface Route {
  method: string;
  /** OpenAPI path, e.g. /api/admin/users/{id}. */
  path: string;
  level: Level;
  query: { name: string; schema: JsonSchema; required: boolean }[];
  pathParams: string[];
  body?: JsonSchema;
}

export async function routeTable(base: string): Promise<Route[]> {
  const doc = (await (await fetch(`${base}/api/openapi.json`)).json()) as {
    paths: Record<string, Record<string, Record<string, unknown>>>;
  };
  const routes: Route[] = [];
  for (const [path, operations] of Object.entries(doc.paths)) {
    for (const [method, op] of Object.entries(operations)) {
      const parameters = (op.parameters ?? []) as {
        in: string;
        name: string;
        schema: JsonSchema;
        required?: boolean;
      }[];
      const body = (op.requestBody as { content?: Record<string, { schema: JsonSchema }> } | undefined)?.content?.[
        'application/json'
      ]?.schema;
      routes.push({
        method: method.toUpperCase(),
        path,
        level: (op['x-auth'] as Level | undefined) ?? 'public',
        query: parameters
          .filter((p) => p.in === 'query')
          .map((p) => ({ name: p.name, schema: p.schema, required: Boolean(p.required) })),
        pathParams: parameters.filter((p) => p.in === 'path').map((p) => p.name),
        body,
      });
    }
  }
  return routes;
}

export const routeKey = (r: Pick<Route, 'method' | 'path'>) => `${r.method} ${r.path}`;

export const concrete = (path: string, id: number | string) =>
  path.replace(/\{[^}]+\}/g, encodeURIComponent(String(id)));
