// A small Nominatim-shaped server for tests: /search and /reverse over a fixed list of
// places in Porto Alegre (and one in Gramado, found by search only). POST /__control {"down": true} makes it answer 503 until
// told otherwise, so a journey can see the geocoder fail.
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';

export interface Place {
  display_name: string;
  lat: string;
  lon: string;
  address: { road?: string; suburb?: string; city?: string; state?: string; country?: string };
  /** Found by /search, never the answer of /reverse (the journeys' pins are in Porto Alegre). */
  searchOnly?: boolean;
}

export const PLACES: Place[] = [
  {
    display_name:
      'Rua dos Andradas, Centro Histórico, Porto Alegre, Região Geográfica Imediata de Porto Alegre, Rio Grande do Sul, Brasil',
    lat: '-30.0312',
    lon: '-51.2306',
    address: {
      road: 'Rua dos Andradas',
      suburb: 'Centro Histórico',
      city: 'Porto Alegre',
      state: 'Rio Grande do Sul',
      country: 'Brasil',
    },
  },
  {
    display_name: 'Avenida Ipiranga, Partenon, Porto Alegre, Rio Grande do Sul, Brasil',
    lat: '-30.0589',
    lon: '-51.1951',
    address: {
      road: 'Avenida Ipiranga',
      suburb: 'Partenon',
      city: 'Porto Alegre',
      state: 'Rio Grande do Sul',
      country: 'Brasil',
    },
  },
  {
    display_name: 'Rua João Alfredo, Cidade Baixa, Porto Alegre, Rio Grande do Sul, Brasil',
    lat: '-30.0401',
    lon: '-51.2219',
    address: {
      road: 'Rua João Alfredo',
      suburb: 'Cidade Baixa',
      city: 'Porto Alegre',
      state: 'Rio Grande do Sul',
      country: 'Brasil',
    },
  },
  {
    display_name: 'Rua Padre Chagas, Moinhos de Vento, Porto Alegre, Rio Grande do Sul, Brasil',
    lat: '-30.0246',
    lon: '-51.2026',
    address: {
      road: 'Rua Padre Chagas',
      suburb: 'Moinhos de Vento',
      city: 'Porto Alegre',
      state: 'Rio Grande do Sul',
      country: 'Brasil',
    },
  },
  // Far from the others: the keyboard journey's 100 poles are in view of no other journey's map.
  {
    display_name: 'Avenida Borges de Medeiros, Centro, Gramado, Rio Grande do Sul, Brasil',
    lat: '-29.3789',
    lon: '-50.8744',
    searchOnly: true,
    address: {
      road: 'Avenida Borges de Medeiros',
      suburb: 'Centro',
      city: 'Gramado',
      state: 'Rio Grande do Sul',
      country: 'Brasil',
    },
  },
];

const fold = (s: string) =>
  s
    .normalize('NFD')
    .replace(/\p{Diacritic}/gu, '')
    .toLowerCase();

function nearest(lat: number, lon: number): Place {
  let best = PLACES[0] as Place;
  let bestDistance = Number.POSITIVE_INFINITY;
  for (const place of PLACES) {
    if (place.searchOnly) continue;
    const d = (Number(place.lat) - lat) ** 2 + (Number(place.lon) - lon) ** 2;
    if (d < bestDistance) {
      best = place;
      bestDistance = d;
    }
  }
  return best;
}

export interface FakeGeocoder {
  url: string;
  server: Server;
  /** Requests received, newest last: path + query, the headers that matter and when (ms). */
  requests: { url: string; userAgent?: string; acceptLanguage?: string; at: number }[];
  setDown(down: boolean): void;
  close(): Promise<void>;
}

export async function startFakeGeocoder(port = 0): Promise<FakeGeocoder> {
  let down = false;
  const requests: FakeGeocoder['requests'] = [];
  const server = createServer((req, res) => {
    const url = new URL(req.url ?? '/', 'http://localhost');
    if (req.method === 'POST' && url.pathname === '/__control') {
      let body = '';
      req.on('data', (chunk) => {
        body += chunk;
      });
      req.on('end', () => {
        down = Boolean(JSON.parse(body || '{}').down);
        res.writeHead(204).end();
      });
      return;
    }
    requests.push({
      url: url.pathname + url.search,
      userAgent: req.headers['user-agent'],
      acceptLanguage: req.headers['accept-language'],
      at: Date.now(),
    });
    if (down) {
      res.writeHead(503, { 'content-type': 'text/plain' }).end('unavailable');
      return;
    }
    const json = (data: unknown) => {
      res.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify(data));
    };
    if (url.pathname === '/search') {
      const q = fold(url.searchParams.get('q') ?? '');
      const limit = Number(url.searchParams.get('limit') ?? 10);
      const words = q.split(/[\s,]+/).filter(Boolean);
      const found = PLACES.filter((p) => words.length > 0 && words.every((w) => fold(p.display_name).includes(w)));
      json(found.slice(0, limit).map(({ display_name, lat, lon, address }) => ({ display_name, lat, lon, address })));
      return;
    }
    if (url.pathname === '/reverse') {
      const lat = Number(url.searchParams.get('lat'));
      const lon = Number(url.searchParams.get('lon'));
      if (!Number.isFinite(lat) || !Number.isFinite(lon)) {
        json({ error: 'Unable to geocode' });
        return;
      }
      json(nearest(lat, lon));
      return;
    }
    res.writeHead(404).end();
  });
  await new Promise<void>((resolve) => server.listen(port, '127.0.0.1', resolve));
  const { port: actual } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${actual}`,
    server,
    requests,
    setDown(value) {
      down = value;
    },
    close: () => new Promise((resolve) => server.close(() => resolve())),
  };
}
