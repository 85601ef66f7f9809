// A small Nominatim stand-in for API tests: two known places, a switch to make it fail
// (503), and a log of calls.
import { createServer, type IncomingHttpHeaders } from 'node:http';
import type { AddressInfo } from 'node:net';

export interface GeocoderCall {
  path: string;
  params: URLSearchParams;
  headers: IncomingHttpHeaders;
  at: number;
}

export const ANDRADAS = {
  display_name: 'Rua dos Andradas, Centro Histórico, Porto Alegre, Rio Grande do Sul, 90020-007, Brasil',
  lat: '-30.0277041',
  lon: '-51.2287346',
  address: { road: 'Rua dos Andradas', suburb: 'Centro Histórico', city: 'Porto Alegre', state: 'Rio Grande do Sul' },
};
export const VILLAGE = {
  display_name: 'Linha Nova, Rio Grande do Sul, Brasil',
  lat: '-29.4611',
  lon: '-51.2011',
  address: { neighbourhood: 'Picada Café', village: 'Linha Nova' },
};

export interface FakeGeocoder {
  url: string;
  calls: GeocoderCall[];
  mode: 'ok' | 'fail';
  close(): Promise<void>;
}

export async function startFakeGeocoder(): Promise<FakeGeocoder> {
  const calls: GeocoderCall[] = [];
  const fake = { calls, mode: 'ok' } as FakeGeocoder;
  const server = createServer((req, res) => {
    const url = new URL(req.url ?? '/', 'http://fake');
    calls.push({ path: url.pathname, params: url.searchParams, headers: req.headers, at: Date.now() });
    if (fake.mode === 'fail') {
      res.writeHead(503, { 'content-type': 'text/plain' }).end('overloaded');
      return;
    }
    res.setHeader('content-type', 'application/json');
    if (url.pathname === '/reverse') {
      const lat = Number(url.searchParams.get('lat'));
      if (Math.abs(lat - -30.0277) < 0.001) res.end(JSON.stringify({ ...ANDRADAS, lat: '-30.0277', lon: '-51.2287' }));
      else if (Math.abs(lat - -29.4611) < 0.001) res.end(JSON.stringify(VILLAGE));
      else res.end(JSON.stringify({ error: 'Unable to geocode' }));
      return;
    }
    if (url.pathname === '/search') {
      const q = url.searchParams.get('q') ?? '';
      const many = Array.from({ length: 7 }, (_, i) => ({ ...ANDRADAS, display_name: `Rua ${i}, Porto Alegre` }));
      res.end(JSON.stringify(q.includes('Andradas') ? [ANDRADAS] : q.includes('Rua') ? many : []));
      return;
    }
    res.writeHead(404).end('[]');
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  fake.url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  fake.close = () => new Promise<void>((resolve) => server.close(() => resolve()));
  return fake;
}
