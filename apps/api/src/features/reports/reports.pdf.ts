// Writes a report as a PDF while its rows are still being read: pdfkit flushes each
// finished page, and the writer waits for the reader of the stream before adding more
// rows, so memory stays flat whatever the report's size. Standard Helvetica (WinAnsi)
// keeps the file small; characters outside it are replaced.

import { drawTiles, openTiles, plainProjection, type TileLayer } from '../../core/map-tiles.ts';
import { type Doc, drained, fit, newPdf, toWinAnsi } from '../../core/pdf.ts';
import { turnTaker } from '../../lib/turns.ts';

export interface PdfColumn {
  label: string;
  width: number;
  align?: 'left' | 'right';
}

export interface PdfPoint {
  lat: number;
  lon: number;
  color: string;
}

export interface PdfReport {
  title: string;
  generatedAt: { label: string; value: string };
  filters: { label: string; lines: string[] };
  summary: { title: string; lines: string[] };
  pageLabel: (page: number) => string;
  /** The location map's frame: points streamed onto one page before the table. */
  frame?: {
    caption: string;
    legendTitle: string;
    bounds: { minLat: number; maxLat: number; minLon: number; maxLon: number } | null;
    legend: { label: string; color: string }[];
    points: () => AsyncIterable<PdfPoint[]>;
    /**
     * Map tiles under the points (decision 0032): `load` gets the frame's area on the page and
     * answers the tiles or null, when the plain projection is drawn and `unavailable` said.
     */
    tiles?: {
      load: (area: { left: number; top: number; width: number; height: number }) => Promise<TileLayer | null>;
      attribution: string;
      unavailable: string;
    };
  };
  columns: PdfColumn[];
  rows: AsyncIterable<string[][]>;
}

const MARGIN = 30;
const ROW_HEIGHT = 14;
const FONT_SIZE = 8;
/**
 * One table cell, cut to its column. Placed by hand: text() with a width runs the line
 * wrapper, which costs more than everything else in a 100,000-row table.
 */
function cell(doc: Doc, text: string, x: number, y: number, column: PdfColumn): void {
  const inner = column.width - 4;
  const [fitted, width] = fit(doc, text, inner);
  const left = column.align === 'right' ? x + 2 + inner - width : x + 2;
  doc.text(fitted, left, y + 1, { lineBreak: false });
}

/** Creates the document; write it with writePdf while the caller streams it out. */
export function createPdf(title: string): Doc {
  return newPdf({
    size: 'A4',
    layout: 'landscape',
    margins: { top: MARGIN, bottom: MARGIN, left: MARGIN, right: MARGIN },
    bufferPages: false,
    autoFirstPage: false,
    info: { Title: toWinAnsi(title), Producer: 'Acende', Creator: 'Acende' },
  });
}

export async function writePdf(doc: Doc, report: PdfReport): Promise<void> {
  let pageNumber = 0;
  const pageHeight = () => doc.page.height;
  const usableWidth = () => doc.page.width - 2 * MARGIN;

  const newPage = () => {
    doc.addPage();
    pageNumber += 1;
    doc.font('Helvetica').fontSize(7).fillColor('#555555');
    doc.text(toWinAnsi(`${report.title} · ${report.pageLabel(pageNumber)}`), MARGIN, pageHeight() - MARGIN - 8, {
      lineBreak: false,
    });
    doc.fillColor('#000000');
    doc.x = MARGIN;
    doc.y = MARGIN;
  };

  const write = (text: string, options: { size?: number; bold?: boolean; gap?: number } = {}) => {
    doc
      .font(options.bold ? 'Helvetica-Bold' : 'Helvetica')
      .fontSize(options.size ?? 9)
      .text(toWinAnsi(text), MARGIN, doc.y, { width: usableWidth() });
    doc.y += options.gap ?? 0;
  };

  newPage();
  write(report.title, { size: 16, bold: true, gap: 4 });
  write(`${report.generatedAt.label}: ${report.generatedAt.value}`, { gap: 6 });
  write(report.filters.label, { bold: true, size: 10 });
  for (const line of report.filters.lines) write(line);
  doc.y += 6;
  write(report.summary.title, { bold: true, size: 10 });
  for (const line of report.summary.lines) write(line);
  doc.y += 8;

  if (report.frame) {
    await drawFrame(doc, report.frame, newPage);
    newPage();
  }

  const tableBottom = () => pageHeight() - MARGIN - 14;
  const drawHeader = () => {
    let x = MARGIN;
    const y = doc.y;
    doc.rect(MARGIN, y - 2, usableWidth(), ROW_HEIGHT).fill('#e5e7eb');
    doc.fillColor('#000000').font('Helvetica-Bold').fontSize(FONT_SIZE);
    for (const column of report.columns) {
      cell(doc, column.label, x, y, column);
      x += column.width;
    }
    doc.y = y + ROW_HEIGHT;
    doc.font('Helvetica').fontSize(FONT_SIZE);
  };

  if (doc.y + 2 * ROW_HEIGHT > tableBottom()) newPage();
  drawHeader();
  let shaded = true;
  // Laying out rows is the costly part: the event loop is handed back every few ms (decision 0044).
  const turn = turnTaker();
  for await (const batch of report.rows) {
    for (const row of batch) {
      const wait = turn();
      if (wait) await wait;
      if (doc.y + ROW_HEIGHT > tableBottom()) {
        newPage();
        drawHeader();
      }
      let x = MARGIN;
      const y = doc.y;
      // Every other row shaded, for reading across a wide row.
      shaded = !shaded;
      if (shaded)
        doc
          .rect(MARGIN, y - 2, usableWidth(), ROW_HEIGHT)
          .fill('#f3f4f6')
          .fillColor('#000000');
      row.forEach((text, i) => {
        const column = report.columns[i] as PdfColumn;
        cell(doc, text, x, y, column);
        x += column.width;
      });
      doc.y = y + ROW_HEIGHT;
    }
    await drained(doc);
  }
  doc.end();
}

async function drawFrame(doc: Doc, frame: NonNullable<PdfReport['frame']>, newPage: () => void): Promise<void> {
  const legendWidth = 150;
  const width = doc.page.width - 2 * MARGIN - legendWidth - 10;
  let top = doc.y + 14;
  if (doc.page.height - MARGIN - 20 - top < 200) {
    newPage();
    top = doc.y + 14;
  }
  const height = doc.page.height - MARGIN - 20 - top;
  doc
    .font('Helvetica')
    .fontSize(8)
    .fillColor('#000000')
    .text(toWinAnsi(frame.caption), MARGIN, top - 12, {
      lineBreak: false,
    });
  const b = frame.bounds;
  let layer = b && frame.tiles ? await frame.tiles.load({ left: MARGIN, top, width, height }) : null;
  if (layer && !openTiles(doc, layer)) layer = null;
  if (layer) drawTiles(doc, layer, { left: MARGIN, top, width, height });
  doc.rect(MARGIN, top, width, height).lineWidth(0.8).stroke('#374151');
  if (b && frame.tiles) {
    doc
      .font('Helvetica')
      .fontSize(7)
      .fillColor('#374151')
      .text(toWinAnsi(layer ? frame.tiles.attribution : frame.tiles.unavailable), MARGIN, top + height + 3, {
        width,
        height: 10,
        lineBreak: false,
        ellipsis: true,
      });
  }

  if (b) {
    let place: (lat: number, lon: number) => [number, number];
    if (layer) {
      place = layer.project;
    } else {
      place = plainProjection(b, { left: MARGIN, top, width, height });
    }
    // Over streets a marker needs more room and a white edge to be seen.
    const half = layer ? 2.5 : 1.25;
    // One small square per occupied 2-pt cell and colour (a bitmap per colour): the frame
    // page's content stays bounded by the frame's area however many points there are.
    const columns = Math.ceil(doc.page.width / 2) + 1;
    const rows = Math.ceil(doc.page.height / 2) + 1;
    const drawn = new Map<string, Uint8Array>();
    for await (const batch of frame.points()) {
      const byColor = new Map<string, number[]>();
      for (const point of batch) {
        const [px, py] = place(point.lat, point.lon);
        const gx = Math.round(px / 2);
        const gy = Math.round(py / 2);
        if (gx < 0 || gy < 0 || gx >= columns || gy >= rows) continue;
        let bitmap = drawn.get(point.color);
        if (!bitmap) {
          bitmap = new Uint8Array(columns * rows);
          drawn.set(point.color, bitmap);
        }
        const cellIndex = gy * columns + gx;
        if (bitmap[cellIndex]) continue;
        bitmap[cellIndex] = 1;
        const list = byColor.get(point.color) ?? [];
        list.push(gx * 2, gy * 2);
        byColor.set(point.color, list);
      }
      for (const [color, cells] of byColor) {
        for (let i = 0; i < cells.length; i += 2) {
          doc.rect((cells[i] as number) - half, (cells[i + 1] as number) - half, 2 * half, 2 * half);
        }
        if (layer) doc.lineWidth(0.6).fillAndStroke(color, '#ffffff');
        else doc.fill(color);
      }
      await drained(doc);
      await new Promise<void>((resolve) => setImmediate(resolve));
    }
  }

  let y = top;
  const x = MARGIN + width + 10;
  doc
    .fillColor('#000000')
    .font('Helvetica-Bold')
    .fontSize(9)
    .text(toWinAnsi(frame.legendTitle), x, y, { lineBreak: false });
  y += 16;
  for (const entry of frame.legend) {
    doc.circle(x + 5, y + 5, 4).fill(entry.color);
    doc
      .fillColor('#000000')
      .font('Helvetica')
      .fontSize(9)
      .text(toWinAnsi(entry.label), x + 14, y + 1, { lineBreak: false });
    y += 16;
  }
}
