import { describe, expect, it } from 'vitest';
import { ReaderGone, toWinAnsi } from '../../core/pdf.ts';
import { createPdf, writePdf } from './reports.pdf.ts';

const report = (rows: AsyncIterable<string[][]>) => ({
  title: 'Relatório',
  generatedAt: { label: 'Gerado em', value: '21/11/2026 10:00' },
  filters: { label: 'Filtros aplicados', lines: ['Nenhum'] },
  summary: { title: 'Resumo', lines: ['Total: 1'] },
  pageLabel: (page: number) => `Página ${page}`,
  columns: [
    { label: 'Número', width: 60, align: 'right' as const },
    { label: 'Endereço', width: 300 },
  ],
  rows,
});

describe('PDF writer', () => {
  it('stops reading rows when the reader goes away, instead of waiting for ever', async () => {
    let batches = 0;
    async function* endless() {
      for (let i = 0; ; i++) {
        batches += 1;
        yield Array.from({ length: 200 }, (_, j) => [String(i * 200 + j), `Rua dos Andradas, ${j} — Centro`]);
      }
    }
    const doc = createPdf('Relatório');
    const written = writePdf(doc, report(endless()));
    doc.once('data', () => doc.destroy());
    await expect(written).rejects.toBeInstanceOf(ReaderGone);
    const seen = batches;
    await new Promise((r) => setTimeout(r, 50));
    expect(batches).toBe(seen);
  });

  it('writes a whole document when the reader keeps reading', async () => {
    async function* few() {
      yield [['1', 'Rua A']];
    }
    const doc = createPdf('Relatório');
    const chunks: Buffer[] = [];
    doc.on('data', (chunk: Buffer) => chunks.push(chunk));
    const ended = new Promise((resolve) => doc.on('end', resolve));
    await writePdf(doc, report(few()));
    await ended;
    const pdf = Buffer.concat(chunks).toString('latin1');
    expect(pdf.startsWith('%PDF-')).toBe(true);
    expect(pdf.trimEnd().endsWith('%%EOF')).toBe(true);
  });

  it('keeps what Helvetica can show and replaces the rest', () => {
    expect(toWinAnsi('Rua Ção, nº 5 — “B” €')).toBe('Rua Ção, nº 5 — “B” €');
    expect(toWinAnsi('Poste 🌃 ok\tfim')).toBe('Poste ? ok fim');
    // Control characters (C0, DEL, C1) are dropped (decision 0043).
    expect(toWinAnsi('Rua\u0000 A\u0007\u001b[31m\u007f\u0085\u009b')).toBe('Rua A[31m');
  });
});
