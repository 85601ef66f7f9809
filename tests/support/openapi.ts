// The route table of a running server, read from its OpenAPI document: every route with
// its declared access level (`x-auth`, set by plugins/auth.ts), parameters and body schema.
/**
 * `apiKey`: an Open311 client's key in the request (no session is enough, none is needed);
 * `signed`: a provider's webhook, checked against its signature (Twilio's replies, issue 36);
 * `bearerKey`: a company's system with its integration key as a bearer token (decision 0066).
 */
export type Level = 'public' | 'any' | 'operator' | 'admin' | 'crew' | 'apiKey' | 'signed' | 'bearerKey';

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
  /** `x-self-service`: open to a field crew account though its level is not `crew` (decision 0068). */
  selfService: boolean;
  query: { name: string; schema: JsonSchema; required: boolean }[];
  pathParams: string[];
  body?: JsonSchema;
  /** The body is a form (application/x-www-form-urlencoded), as Open311's POST. */
  form: boolean;
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
      const content = (op.requestBody as { content?: Record<string, { schema: JsonSchema }> } | undefined)?.content;
      const form = content?.['application/x-www-form-urlencoded']?.schema;
      const body = content?.['application/json']?.schema ?? form;
      routes.push({
        method: method.toUpperCase(),
        path,
        level: (op['x-auth'] as Level | undefined) ?? 'public',
        selfService: op['x-self-service'] === true,
        query: parameters
          .filter((p) => p.in === 'query')
          .map((p) => ({ name: p.name, schema: p.schema, required: Boolean(p.required) })),
        pathParams: parameters.filter((p) => p.in === 'path').map((p) => p.name),
        body,
        form: Boolean(form),
      });
    }
  }
  return routes;
}

export const routeKey = (r: Pick<Route, 'method' | 'path'>) => `${r.method} ${r.path}`;

/** The path with `id` in every parameter but Open311's `{format}`, which takes `format`. */
export const concrete = (path: string, id: number | string, format: 'json' | 'xml' = 'json') =>
  path.replace(/\{([^}]+)\}/g, (_, name: string) => (name === 'format' ? format : encodeURIComponent(String(id))));

/** The message of an error answer: the API's `{ message }`, or Open311's list (JSON or XML). */
export function errorMessage(answer: { text: string; json?: unknown }): string | undefined {
  // biome-ignore lint/suspicious/noExplicitAny: either shape is read
  const json = answer.json as any;
  if (typeof json?.message === 'string') return json.message;
  if (Array.isArray(json) && typeof json[0]?.description === 'string') return json[0].description;
  return /<errors>\s*<error>[\s\S]*<description>([^<]+)<\/description>/.exec(answer.text)?.[1];
}
