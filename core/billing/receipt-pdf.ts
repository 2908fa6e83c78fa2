import { PDFDocument, rgb, StandardFonts, type PDFFont, type PDFPage } from '@pdfme/pdf-lib';
import { longDate } from '#core/certificates/certificate-pdf.ts';
import { printable } from '#core/pdf/pdf-text.ts';
import { formatMoney } from '#core/money.ts';

/**
 * The receipt of a paid automatic charge (issue 26 §3): A4 portrait, standard fonts only (runs in workerd
 * and Node alike), deterministic — the same invoice gives the same bytes, so a lost copy is drawn again.
 */
export type ReceiptPdfInput = {
  schoolName: string;
  number: string;
  payerName: string;
  payerEmail: string;
  /** 'YYYY-MM-DD' in the school's zone. */
  paidOn: string;
  currency: string;
  currencySymbol: string;
  lines: readonly { description: string; person: string; period: string; amountCents: number }[];
  subtotalCents: number;
  taxCents: number;
  totalCents: number;
  paymentMethod: string | null;
};

const WIDTH = 595;
const HEIGHT = 842;
const INK = rgb(0.1, 0.1, 0.12);
const MUTED = rgb(0.35, 0.35, 0.4);
const LEFT = 56;
const RIGHT = WIDTH - 56;

function text(page: PDFPage, font: PDFFont, value: string, x: number, y: number, size = 10, color = INK, align: 'left' | 'right' = 'left') {
  const t = printable(font, value);
  let s = size;
  // Long descriptions shrink to fit their column rather than run into the amount.
  while (s > 6 && align === 'left' && x + font.widthOfTextAtSize(t, s) > RIGHT - 90) s -= 0.5;
  const width = font.widthOfTextAtSize(t, s);
  page.drawText(t, { x: align === 'right' ? x - width : x, y, size: s, font, color });
}

export async function renderReceiptPdf(input: ReceiptPdfInput): Promise<Uint8Array> {
  const doc = await PDFDocument.create({ updateMetadata: false });
  const paid = new Date(`${input.paidOn}T00:00:00Z`);
  doc.setTitle(`Receipt ${input.number}`);
  doc.setAuthor(input.schoolName);
  doc.setCreator('Dojo platform');
  doc.setProducer('Dojo platform');
  doc.setCreationDate(paid);
  doc.setModificationDate(paid);
  const page = doc.addPage([WIDTH, HEIGHT]);
  const sans = await doc.embedFont(StandardFonts.Helvetica);
  const bold = await doc.embedFont(StandardFonts.HelveticaBold);
  const money = (cents: number) => `${formatMoney(cents, input.currencySymbol)} ${input.currency}`;

  let y = HEIGHT - 72;
  text(page, bold, input.schoolName, LEFT, y, 18);
  text(page, bold, 'Receipt', RIGHT, y, 18, INK, 'right');
  y -= 28;
  text(page, sans, `Invoice ${input.number}`, LEFT, y, 11);
  text(page, sans, `Paid on ${longDate(input.paidOn)}`, RIGHT, y, 11, INK, 'right');
  y -= 18;
  text(page, sans, `Billed to ${input.payerName} (${input.payerEmail})`, LEFT, y, 10, MUTED);
  y -= 36;
  text(page, bold, 'Description', LEFT, y, 10);
  text(page, bold, 'Amount', RIGHT, y, 10, INK, 'right');
  y -= 8;
  page.drawLine({ start: { x: LEFT, y }, end: { x: RIGHT, y }, thickness: 0.75, color: MUTED });
  for (const line of input.lines) {
    y -= 18;
    text(page, sans, `${line.description} — ${line.person}`, LEFT, y, 10);
    text(page, sans, money(line.amountCents), RIGHT, y, 10, INK, 'right');
    if (line.period) {
      y -= 13;
      text(page, sans, line.period, LEFT, y, 9, MUTED);
    }
  }
  y -= 12;
  page.drawLine({ start: { x: LEFT, y }, end: { x: RIGHT, y }, thickness: 0.75, color: MUTED });
  for (const [label, cents, font] of [
    ['Subtotal', input.subtotalCents, sans],
    ['Tax', input.taxCents, sans],
    ['Total paid', input.totalCents, bold],
  ] as const) {
    y -= 18;
    text(page, font, label, RIGHT - 160, y, 10);
    text(page, font, money(cents), RIGHT, y, 10, INK, 'right');
  }
  if (input.paymentMethod) {
    y -= 30;
    text(page, sans, `Paid automatically with ${input.paymentMethod}.`, LEFT, y, 10, MUTED);
  }
  return doc.save({ useObjectStreams: false });
}
