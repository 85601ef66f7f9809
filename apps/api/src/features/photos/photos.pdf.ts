// One request's photos as a PDF for operators (decision 0033): a heading with the request's
// number, problem and address, then each photo full size, one per A4 page. The JPEGs are the
// server's own re-encodings, embedded as they are (pdfkit reads JPEG natively).
import type { Language } from '@acende/shared/enums';
import { translate } from '@acende/shared/i18n/catalogues';
import { newPdf, toWinAnsi } from '../../core/pdf.ts';

const MARGIN = 36;

export function photosPdf(
  language: Language,
  request: { id: number; address: string; problemType: string },
  photos: { position: number; bytes: Buffer }[],
): Promise<Buffer> {
  const doc = newPdf({
    size: 'A4',
    margins: { top: MARGIN, bottom: MARGIN, left: MARGIN, right: MARGIN },
    info: { Title: toWinAnsi(`#${request.id}`), Producer: 'Acende', Creator: 'Acende' },
  });
  const chunks: Buffer[] = [];
  doc.on('data', (chunk: Buffer) => chunks.push(chunk));
  const done = new Promise<Buffer>((resolve, reject) => {
    doc.on('end', () => resolve(Buffer.concat(chunks)));
    doc.on('error', reject);
  });
  const width = doc.page.width - 2 * MARGIN;
  doc
    .font('Helvetica-Bold')
    .fontSize(14)
    .text(toWinAnsi(`${translate(language, 'admin-operations.operations.photos.title')} — #${request.id}`));
  doc
    .font('Helvetica')
    .fontSize(10)
    .text(toWinAnsi(translate(language, `common.problemType.${request.problemType}` as 'common.problemType.LIGHT_OUT')))
    .text(toWinAnsi(request.address))
    .moveDown();
  if (photos.length === 0) doc.text(toWinAnsi(translate(language, 'admin-operations.operations.photos.none')));
  photos.forEach((photo, index) => {
    if (index > 0) doc.addPage();
    const top = doc.y;
    doc.text(toWinAnsi(translate(language, 'admin-operations.operations.photos.dialogTitle', { n: photo.position })));
    doc.image(photo.bytes, MARGIN, doc.y + 4, {
      fit: [width, doc.page.height - MARGIN - (doc.y + 4) - (index === 0 ? 0 : top - MARGIN)],
    });
  });
  doc.end();
  return done;
}
