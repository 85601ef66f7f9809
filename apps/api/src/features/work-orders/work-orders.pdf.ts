// A work order on paper (issue 37, decision 0067): A4 portrait in the reader's language, the
// route on a map (the tiles of TILE_URL when they come, else a plain projection, said under
// it) with numbered stops and the line between them, then the stops in order with a box to
// tick. For the crew's cab and for the office's file; /campo is the same list offline.
import type { Language } from '@acende/shared/enums';
import { translate } from '@acende/shared/i18n/catalogues';
import type { MessageKey } from '@acende/shared/i18n/message-key';
import type { WorkOrder } from '@acende/shared/schemas/work-orders';
import type { AppDeps } from '../../app-deps.ts';
import { formatDate, formatDateTime, formatNumber } from '../../core/format.ts';
import {
  type Bounds,
  drawTiles,
  type Frame,
  loadTileLayer,
  openTiles,
  plainAttribution,
  plainProjection,
  tileBreakerFor,
  tileUserAgent,
} from '../../core/map-tiles.ts';
import { type Doc, fit, newPdf, toWinAnsi } from '../../core/pdf.ts';

type T = (key: MessageKey, params?: Record<string, unknown>) => string;

const MARGIN = 40;
const ROW = 18;
const MAP_HEIGHT = 300;
const COLUMNS: { key: MessageKey; width: number }[] = [
  { key: 'admin-work.pdf.position', width: 22 },
  { key: 'admin-work.pdf.request', width: 48 },
  { key: 'admin-work.pdf.address', width: 215 },
  { key: 'admin-work.pdf.problem', width: 90 },
  { key: 'admin-work.pdf.pole', width: 55 },
  { key: 'admin-work.pdf.due', width: 50 },
  { key: 'admin-work.pdf.done', width: 35 },
];

/** The stops' (and the start's) bounds, widened a little so no marker sits on the edge. */
function boundsOf(order: WorkOrder): Bounds | null {
  const points = order.stops.map((s) => [s.latitude, s.longitude] as const);
  if (order.startLat !== null && order.startLng !== null) points.push([order.startLat, order.startLng]);
  if (points.length === 0) return null;
  const lats = points.map((p) => p[0]);
  const lons = points.map((p) => p[1]);
  const pad = (min: number, max: number) => Math.max((max - min) * 0.08, 0.0008);
  const [minLat, maxLat, minLon, maxLon] = [Math.min(...lats), Math.max(...lats), Math.min(...lons), Math.max(...lons)];
  return {
    minLat: minLat - pad(minLat, maxLat),
    maxLat: maxLat + pad(minLat, maxLat),
    minLon: minLon - pad(minLon, maxLon),
    maxLon: maxLon + pad(minLon, maxLon),
  };
}

async function drawRoute(deps: AppDeps, doc: Doc, order: WorkOrder, area: Frame, t: T) {
  const bounds = boundsOf(order);
  if (!bounds) return;
  const loaded = await loadTileLayer(deps.config.TILE_URL, tileUserAgent(deps), bounds, area, tileBreakerFor(deps));
  const layer = loaded && openTiles(doc, loaded) ? loaded : null;
  if (layer) drawTiles(doc, layer, area);
  doc.rect(area.left, area.top, area.width, area.height).lineWidth(0.8).stroke('#374151');
  const place = layer ? layer.project : plainProjection(bounds, area, 16);
  const note = layer ? plainAttribution(deps.config.TILE_ATTRIBUTION) : t('admin-work.pdf.noTiles');
  doc.font('Helvetica').fontSize(7).fillColor('#374151');
  doc.text(toWinAnsi(note), area.left, area.top + area.height + 3, { width: area.width, lineBreak: false });
  const points = order.stops.map((s) => place(s.latitude, s.longitude));
  const start = order.startLat !== null && order.startLng !== null ? place(order.startLat, order.startLng) : null;
  const line = start ? [start, ...points] : points;
  doc.save();
  doc.rect(area.left, area.top, area.width, area.height).clip();
  if (line.length > 1) {
    doc.moveTo(...(line[0] as [number, number]));
    for (const point of line.slice(1)) doc.lineTo(...point);
    doc.lineWidth(2).strokeColor('#1d4ed8').stroke();
  }
  if (start) doc.rect(start[0] - 5, start[1] - 5, 10, 10).fillAndStroke('#111827', '#ffffff');
  points.forEach(([x, y], i) => {
    const overdue = order.stops[i]?.overdue;
    doc
      .circle(x, y, 8)
      .lineWidth(1)
      .fillAndStroke(overdue ? '#b91c1c' : '#1d4ed8', '#ffffff');
    const label = String(i + 1);
    doc
      .font('Helvetica-Bold')
      .fontSize(label.length > 2 ? 6 : 8)
      .fillColor('#ffffff');
    doc.text(label, x - 8, y - (label.length > 2 ? 2.5 : 3.5), { width: 16, align: 'center', lineBreak: false });
  });
  doc.restore();
}

function header(doc: Doc, t: T, y: number): number {
  let x = MARGIN;
  doc.font('Helvetica-Bold').fontSize(8).fillColor('#000000');
  for (const column of COLUMNS) {
    doc.text(toWinAnsi(t(column.key)), x + 2, y + 5, { width: column.width - 4, lineBreak: false });
    x += column.width;
  }
  doc
    .moveTo(MARGIN, y + ROW)
    .lineTo(x, y + ROW)
    .lineWidth(0.8)
    .stroke('#374151');
  return y + ROW;
}

/** The work order as a PDF, whole, in `language`. */
export async function workOrderPdf(deps: AppDeps, order: WorkOrder, language: Language): Promise<Buffer> {
  const t: T = (key, params) => translate(language, key, params);
  const title = t('admin-work.pdf.title', { id: order.id });
  const doc = newPdf({
    size: 'A4',
    margins: { top: MARGIN, bottom: MARGIN, left: MARGIN, right: MARGIN },
    info: { Title: toWinAnsi(title), Producer: 'Acende', Creator: 'Acende' },
  });
  const chunks: Buffer[] = [];
  const done = new Promise<Buffer>((resolve, reject) => {
    doc.on('data', (chunk: Buffer) => chunks.push(chunk));
    doc.on('end', () => resolve(Buffer.concat(chunks)));
    doc.on('error', reject);
  });
  const width = doc.page.width - 2 * MARGIN;
  doc.font('Helvetica-Bold').fontSize(16).text(toWinAnsi(title), MARGIN, MARGIN);
  doc.font('Helvetica').fontSize(10);
  const km = formatNumber(order.routeMetres / 1000, language, 1);
  for (const line of [
    t('admin-work.pdf.crewLine', {
      crew: order.crewName,
      company: order.companyName,
      day: formatDate(order.day, language),
    }),
    t('admin-work.pdf.routeLine', { count: order.stops.length, km }),
    t('admin-work.pdf.generated', { at: formatDateTime(deps.clock.now().toISOString(), language) }),
  ]) {
    doc.text(toWinAnsi(line), { width });
  }
  const area = { left: MARGIN, top: doc.y + 8, width, height: MAP_HEIGHT };
  await drawRoute(deps, doc, order, area, t);
  let y = header(doc, t, area.top + area.height + 16);
  for (const stop of order.stops) {
    if (y + ROW > doc.page.height - MARGIN) {
      doc.addPage();
      y = header(doc, t, MARGIN);
    }
    const cells = [
      String(stop.position),
      String(stop.requestId),
      stop.address,
      t(`common.problemType.${stop.problemType}` as MessageKey),
      stop.poleNumber ?? '—',
      stop.dueAt ? formatDateTime(stop.dueAt, language).slice(0, 10) : '—',
    ];
    let x = MARGIN;
    doc
      .font(stop.overdue ? 'Helvetica-Bold' : 'Helvetica')
      .fontSize(8)
      .fillColor(stop.overdue ? '#b91c1c' : '#000000');
    cells.forEach((text, i) => {
      const column = COLUMNS[i] as (typeof COLUMNS)[number];
      doc.text(fit(doc, text, column.width - 4)[0], x + 2, y + 5, { lineBreak: false });
      x += column.width;
    });
    doc
      .rect(x + 11, y + 3, 12, 12)
      .lineWidth(0.8)
      .stroke('#374151');
    doc
      .moveTo(MARGIN, y + ROW)
      .lineTo(x + (COLUMNS.at(-1)?.width ?? 0), y + ROW)
      .lineWidth(0.3)
      .stroke('#9ca3af');
    y += ROW;
  }
  doc.end();
  return done;
}
