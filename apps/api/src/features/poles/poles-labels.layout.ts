// Where each label sits on its A4 sheet, in PDF points (1/72 inch). The geometry of the
// commonest A4 label stock, 3 × 7 labels of 63.5 × 38.1 mm (L7160 and its equivalents):
// the sheet prints on those adhesive labels as well as on plain paper cut along its marks.
// The PDF writer and the tests that read labels back both place them from here.
const MM = 72 / 25.4;

export const LABEL_SHEET = {
  pageWidth: 595.28,
  pageHeight: 841.89,
  columns: 3,
  rows: 7,
  labelWidth: 63.5 * MM,
  labelHeight: 38.1 * MM,
  /** Left edge of the first column and top edge of the first row. */
  left: 7.25 * MM,
  top: 15.15 * MM,
  /** From one label's left (top) edge to the next one's: 2.5 mm gutters between columns, none between rows. */
  pitchX: 66 * MM,
  pitchY: 38.1 * MM,
  /** White kept inside each label's edge: a cut or a sheet fed a little off never clips the content. */
  padding: 3 * MM,
  mm: MM,
} as const;

export const LABELS_PER_PAGE = LABEL_SHEET.columns * LABEL_SHEET.rows;

/** The box of the label at `slot` (0 … LABELS_PER_PAGE - 1, row by row), top-left origin. */
export function labelBox(slot: number): { x: number; y: number; width: number; height: number } {
  const column = slot % LABEL_SHEET.columns;
  const row = Math.floor(slot / LABEL_SHEET.columns);
  return {
    x: LABEL_SHEET.left + column * LABEL_SHEET.pitchX,
    y: LABEL_SHEET.top + row * LABEL_SHEET.pitchY,
    width: LABEL_SHEET.labelWidth,
    height: LABEL_SHEET.labelHeight,
  };
}
