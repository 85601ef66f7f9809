// The /open311/v2 routes as the OpenAPI document states them (issue 33): paths, the format
// suffix, the spec's query parameters and the POST's form fields, so clients, the role
// matrix and the fuzzer see them. The routes validate by hand, answering the spec's error
// list (open311.routes.ts), so this describes them; tests/hardening/access.test.ts checks
// that the document lists each route, and the role matrix and the fuzzer then reach them.
import { OPEN311_PREFIX } from './open311.routes.ts';

type Schema = Record<string, unknown>;

const text = (description: string, extra: Schema = {}): Schema => ({ type: 'string', description, ...extra });

const format = {
  name: 'format',
  in: 'path',
  required: true,
  description: 'json or xml (the GeoReport v2 formats)',
  schema: { type: 'string', enum: ['json', 'xml'] },
};
const locale = { name: 'locale', in: 'query', schema: text('en, en_US, pt_BR…: the answer’s language') };
const pathText = (name: string, description: string) => ({
  name,
  in: 'path',
  required: true,
  description,
  schema: { type: 'string' },
});

/** The answer and error list of every Open311 route: the spec's, in JSON or XML. */
const answers = (ok: '200' | '201', description: string, errors: string[]) => {
  const list = { 'application/json': { schema: { type: 'array', items: { type: 'object' } } }, 'text/xml': {} };
  const out: Schema = { [ok]: { description, content: list } };
  for (const status of errors)
    out[status] = { description: 'The spec’s error list: [{ code, description }]', content: list };
  return out;
};

const read = (summary: string, parameters: Schema[], errors: string[] = ['400', '404', '429']) => ({
  tags: ['open311'],
  summary,
  'x-auth': 'public',
  parameters: [...parameters, format, locale],
  responses: answers('200', summary, errors),
});

const postFields: Record<string, Schema> = {
  api_key: text('The client’s key, issued by an admin (POST /api/admin/open311-keys)', { maxLength: 200 }),
  service_code: text('A service (problem type) code from services.{format}'),
  lat: text('Latitude, WGS84 decimal degrees; lat/long or address_string is required (the other is looked up)'),
  long: text('Longitude, WGS84 decimal degrees'),
  address_string: text('The street address; looked up when lat/long are not given'),
  description: text('What the citizen wants the operators to know (a landmark)'),
  first_name: text('The citizen’s first name'),
  last_name: text('The citizen’s last name'),
  email: text('The citizen’s e-mail'),
  phone: text('The citizen’s phone (optional)'),
  media_url: text('A photo’s address (http/https), kept and shown as a link, never fetched', { maxLength: 2000 }),
  'attribute[company]': text('The energy company’s id (the service definition’s attribute)'),
  locale: text('The answer’s language'),
};

/** The OpenAPI paths of /open311/v2, merged into the document by app.ts. */
export function open311OpenApiPaths(): Record<string, Schema> {
  const p = (path: string) => `${OPEN311_PREFIX}${path}`;
  return {
    [p('/discovery.{format}')]: {
      get: read('GeoReport discovery: endpoints, formats and contact', [], ['404', '429']),
    },
    [p('/services.{format}')]: {
      get: read('The services (problem types) a request can be filed for', [], ['404', '429']),
    },
    [p('/services/{code}.{format}')]: {
      get: read('A service’s definition: its attributes (the energy company)', [pathText('code', 'A service code')]),
    },
    [p('/requests.{format}')]: {
      get: read('Public requests, newest first, filtered as the spec says', [
        { name: 'service_request_id', in: 'query', schema: text('Comma-separated request ids') },
        { name: 'service_code', in: 'query', schema: text('Comma-separated service codes') },
        { name: 'start_date', in: 'query', schema: text('ISO 8601 instant') },
        { name: 'end_date', in: 'query', schema: text('ISO 8601 instant') },
        { name: 'status', in: 'query', schema: text('open, closed or both, comma-separated') },
      ]),
      post: {
        tags: ['open311'],
        summary: 'File a request for a citizen (form-encoded, with the client’s api_key; no captcha)',
        'x-auth': 'apiKey',
        parameters: [format, { name: 'Idempotency-Key', in: 'header', schema: text('8 to 200 characters') }],
        requestBody: {
          required: true,
          content: {
            'application/x-www-form-urlencoded': {
              schema: { type: 'object', properties: postFields, required: ['api_key', 'service_code'] },
            },
          },
        },
        responses: answers('201', 'The filed request: id, tracking token and notice', [
          '400',
          '403',
          '404',
          '415',
          '429',
        ]),
      },
    },
    [p('/requests/{id}.{format}')]: {
      get: read('One public request', [pathText('id', 'The request’s number')]),
    },
    [p('/tokens/{token}.{format}')]: {
      get: read('The request a POST’s token stands for: [{ service_request_id, token }]', [
        pathText('token', 'The token a POST answered'),
      ]),
    },
    [p('/servicerequestupdates.{format}')]: {
      get: read('FixMyStreet’s extension: status changes in a span of at most 90 days, oldest first', [
        { name: 'start_date', in: 'query', schema: text('ISO 8601 instant with a zone') },
        { name: 'end_date', in: 'query', schema: text('ISO 8601 instant with a zone, ≤ 90 days after start_date') },
        { name: 'api_key', in: 'query', schema: text('Accepted, not needed: the updates are public') },
      ]),
    },
  };
}
