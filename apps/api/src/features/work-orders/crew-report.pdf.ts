// The crew report on paper (issue 37): A4 portrait in the reader's language — the period, the
// totals, a table per crew and one per crew and day. Written while the reader takes it: the
// writer hands the event loop back every few milliseconds and waits for the reader every
// page, so a year of 200 crews (73,000 rows) keeps memory flat (decision 0044).
import { type Doc, drained, fit, newPdf, toWinAnsi } from '../../core/pdf.ts';
import { turnTaker } from '../../lib/turns.ts';

export interface PdfColumn {
  label: string;
  width: number;
  align?: 'left' | 'right';
}

export interface CrewReportPdf {
  title: string;
  /** Under the title: the period, the filters, when it was made. */
  lines: string[];
  sections: { title: string; columns: PdfColumn[]; rows: string[][]; total?: string[] }[];
  pageLabel: (page: number) => string;
}

const MARGIN = 36;
const ROW = 14;

/** A new document; write it with writeCrewReportPdf while the caller streams it out. */
export function createCrewReportPdf(title: string): Doc {
  return newPdf({
    size: 'A4',
    margins: { top: MARGIN, bottom: MARGIN, left: MARGIN, right: MARGIN },
    bufferPages: false,
    autoFirstPage: false,
    info: { Title: toWinAnsi(title), Producer: 'Acende', Creator: 'Acende' },
  });
}

function cells(doc: Doc, columns: PdfColumn[], texts: string[], y: number): void {
  let x = MARGIN;
  columns.forEach((column, i) => {
    const inner = column.width - 4;
    const [text, width] = fit(doc, texts[i] ?? '', inner);
    doc.text(text, column.align === 'right' ? x + 2 + inner - width : x + 2, y + 3, { lineBreak: false });
    x += column.width;
  });
}

export async function writeCrewReportPdf(doc: Doc, report: CrewReportPdf): Promise<void> {
  let page = 0;
  const width = () => doc.page.width - 2 * MARGIN;
  const bottom = () => doc.page.height - MARGIN - 14;
  const newPage = () => {
    doc.addPage();
    page += 1;
    doc.font('Helvetica').fontSize(7).fillColor('#555555');
    doc.text(toWinAnsi(`${report.title} · ${report.pageLabel(page)}`), MARGIN, doc.page.height - MARGIN - 8, {
      lineBreak: false,
    });
    doc.fillColor('#000000');
    doc.y = MARGIN;
  };
  newPage();
  doc.font('Helvetica-Bold').fontSize(16).text(toWinAnsi(report.title), MARGIN, MARGIN, { width: width() });
  doc.font('Helvetica').fontSize(9);
  for (const line of report.lines) doc.text(toWinAnsi(line), MARGIN, doc.y + 2, { width: width() });
  const turn = turnTaker();
  for (const section of report.sections) {
    if (doc.y + 4 * ROW > bottom()) newPage();
    doc
      .font('Helvetica-Bold')
      .fontSize(11)
      .text(toWinAnsi(section.title), MARGIN, doc.y + 12, { width: width() });
    const header = () => {
      const y = doc.y + 4;
      doc.rect(MARGIN, y, width(), ROW).fill('#e5e7eb');
      doc.fillColor('#000000').font('Helvetica-Bold').fontSize(8);
      cells(
        doc,
        section.columns,
        section.columns.map((c) => c.label),
        y,
      );
      doc.font('Helvetica').fontSize(8);
      doc.y = y + ROW;
    };
    header();
    const rows = section.total ? [...section.rows, section.total] : section.rows;
    for (const [i, row] of rows.entries()) {
      const wait = turn();
      if (wait) await wait;
      if (doc.y + ROW > bottom()) {
        await drained(doc);
        newPage();
        header();
      }
      if (i % 2 === 1) doc.rect(MARGIN, doc.y, width(), ROW).fill('#f3f4f6').fillColor('#000000');
      doc.font(row === section.total ? 'Helvetica-Bold' : 'Helvetica');
      cells(doc, section.columns, row, doc.y);
      doc.y += ROW;
    }
  }
  doc.end();
}
