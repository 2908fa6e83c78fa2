import {
  concatTransformationMatrix,
  fill,
  PDFDocument,
  popGraphicsState,
  pushGraphicsState,
  rectangle,
  rgb,
  setFillingRgbColor,
  StandardFonts,
  type PDFFont,
  type PDFPage,
} from '@pdfme/pdf-lib';
import { correction, generate } from 'lean-qr';
import { bytesSha256, printable } from '#core/pdf/pdf-text.ts';
import { examinersSentence, verifyUrl, type CertificateExaminerInput, type OpenBadgeCredential } from './credential.ts';

/**
 * The printable certificate (issue 25 §6): A4 landscape, standard fonts only (no fontkit, so it runs in
 * workerd and Node alike), a QR code drawn as vector squares from lean-qr's matrix that opens the
 * verify page. DETERMINISTIC: the same input gives the same bytes, so a lost PDF is rebuilt from its row
 * and still matches the SHA-256 the verify page shows.
 */
export type CertificatePdfInput = {
  id: string;
  origin: string;
  number: string;
  schoolName: string;
  /** The school's logo (PNG or JPEG bytes); other formats are left out. */
  logo?: Uint8Array | null;
  holderName: string;
  rankName: string;
  programName: string;
  /** 'YYYY-MM-DD' */
  issuedOn: string;
  examiners: readonly CertificateExaminerInput[];
};

/** The frozen columns of a certificate row that its PDF is drawn from. */
export type CertificatePdfRow = {
  id: string;
  number: string;
  issuerName: string;
  holderName: string;
  rankName: string;
  programName: string;
  issuedOn: string;
  examiners: readonly CertificateExaminerInput[];
  credential: unknown;
};

/** What the PDF of a stored certificate is drawn from: only frozen columns, so it can be drawn again byte for byte. */
export function pdfInputOf(row: CertificatePdfRow, logo: Uint8Array | null): CertificatePdfInput {
  const issuer = (row.credential as Partial<OpenBadgeCredential> | null)?.issuer;
  return {
    id: row.id,
    origin: issuer?.url ?? '',
    number: row.number,
    schoolName: row.issuerName,
    logo,
    holderName: row.holderName,
    rankName: row.rankName,
    programName: row.programName,
    issuedOn: row.issuedOn,
    examiners: row.examiners,
  };
}

const WIDTH = 842;
const HEIGHT = 595;
const INK = rgb(0.1, 0.1, 0.12);
const MUTED = rgb(0.35, 0.35, 0.4);
const ACCENT = rgb(0.6, 0.08, 0.1);
const MONTHS = ['January', 'February', 'March', 'April', 'May', 'June', 'July', 'August', 'September', 'October', 'November', 'December'];
/** The QR's quiet zone, in modules (the standard's minimum). */
export const QR_QUIET_ZONE = 4;
/** Where the QR code sits on the page (points, PDF coordinates from the bottom left), quiet zone included. */
export const QR_BOX = { x: WIDTH - 60 - 130, y: 52, size: 130 };

/** "27 November 2026", without Intl so every runtime prints the same. */
export function longDate(day: string): string {
  const [y, m, d] = day.split('-').map(Number);
  return `${d} ${MONTHS[(m ?? 1) - 1]} ${y}`;
}

type Line = { text: string; font: PDFFont; size: number; color?: ReturnType<typeof rgb>; y: number; maxWidth?: number };

/** Centred text, shrunk to fit `maxWidth`. */
function centred(page: PDFPage, line: Line) {
  const text = printable(line.font, line.text);
  const maxWidth = line.maxWidth ?? WIDTH - 160;
  let size = line.size;
  while (size > 6 && line.font.widthOfTextAtSize(text, size) > maxWidth) size -= 0.5;
  const width = line.font.widthOfTextAtSize(text, size);
  page.drawText(text, { x: (WIDTH - width) / 2, y: line.y, size, font: line.font, color: line.color ?? INK });
}

/**
 * Dark modules as one rectangle per horizontal run, in module units (a `cm` scales them to the box):
 * vector, crisp at any zoom, one fill, on a white quiet zone.
 */
function drawQr(page: PDFPage, text: string) {
  const code = generate(text, { minCorrectionLevel: correction.M });
  const modules = code.size + QR_QUIET_ZONE * 2;
  const unit = QR_BOX.size / modules;
  page.drawRectangle({ x: QR_BOX.x, y: QR_BOX.y, width: QR_BOX.size, height: QR_BOX.size, color: rgb(1, 1, 1) });
  const runs = [];
  for (let row = 0; row < code.size; row++) {
    for (let col = 0; col < code.size; col++) {
      if (!code.get(col, row)) continue;
      const start = col;
      while (col + 1 < code.size && code.get(col + 1, row)) col++;
      // PDF's y grows upwards: row 0 is the top row of the matrix.
      runs.push(rectangle(QR_QUIET_ZONE + start, modules - QR_QUIET_ZONE - row - 1, col - start + 1, 1));
    }
  }
  page.pushOperators(
    pushGraphicsState(),
    concatTransformationMatrix(unit, 0, 0, unit, QR_BOX.x, QR_BOX.y),
    setFillingRgbColor(0, 0, 0),
    ...runs,
    fill(),
    popGraphicsState(),
  );
}

const isPng = (b: Uint8Array) => b[0] === 0x89 && b[1] === 0x50 && b[2] === 0x4e && b[3] === 0x47;
const isJpeg = (b: Uint8Array) => b[0] === 0xff && b[1] === 0xd8 && b[2] === 0xff;

async function drawLogo(doc: PDFDocument, page: PDFPage, bytes: Uint8Array | null | undefined) {
  if (!bytes || !(isPng(bytes) || isJpeg(bytes))) return false;
  const image = isPng(bytes) ? await doc.embedPng(bytes) : await doc.embedJpg(bytes);
  const scale = Math.min(64 / image.width, 64 / image.height);
  const w = image.width * scale;
  const h = image.height * scale;
  page.drawImage(image, { x: (WIDTH - w) / 2, y: HEIGHT - 50 - h, width: w, height: h });
  return true;
}

export async function renderCertificatePdf(input: CertificatePdfInput): Promise<Uint8Array> {
  const url = verifyUrl(input.origin, input.id);
  // updateMetadata false: pdf-lib would stamp the current time and its own producer otherwise.
  const doc = await PDFDocument.create({ updateMetadata: false });
  const issued = new Date(`${input.issuedOn}T00:00:00Z`);
  doc.setTitle(`${input.rankName} certificate ${input.number}`);
  doc.setSubject(`${input.rankName}, ${input.programName}`);
  doc.setAuthor(input.schoolName);
  doc.setCreator('Dojo platform');
  doc.setProducer('Dojo platform');
  doc.setCreationDate(issued);
  doc.setModificationDate(issued);

  const page = doc.addPage([WIDTH, HEIGHT]);
  const serif = await doc.embedFont(StandardFonts.TimesRoman);
  const serifBold = await doc.embedFont(StandardFonts.TimesRomanBold);
  const sans = await doc.embedFont(StandardFonts.Helvetica);
  const sansBold = await doc.embedFont(StandardFonts.HelveticaBold);

  page.drawRectangle({ x: 24, y: 24, width: WIDTH - 48, height: HEIGHT - 48, borderColor: ACCENT, borderWidth: 3 });
  page.drawRectangle({ x: 32, y: 32, width: WIDTH - 64, height: HEIGHT - 64, borderColor: ACCENT, borderWidth: 0.75 });

  const withLogo = await drawLogo(doc, page, input.logo);
  const top = withLogo ? HEIGHT - 140 : HEIGHT - 90;
  centred(page, { text: input.schoolName, font: sansBold, size: 20, y: top });
  centred(page, { text: 'Certificate of Rank', font: serifBold, size: 36, color: ACCENT, y: top - 52 });
  centred(page, { text: 'This certifies that', font: serif, size: 15, color: MUTED, y: top - 88 });
  centred(page, { text: input.holderName, font: serifBold, size: 32, y: top - 128 });
  centred(page, { text: 'has been awarded the rank of', font: serif, size: 15, color: MUTED, y: top - 160 });
  centred(page, { text: input.rankName, font: serifBold, size: 26, y: top - 194 });
  centred(page, { text: `in ${input.programName}, on ${longDate(input.issuedOn)}`, font: serif, size: 15, y: top - 220 });
  const examiners = examinersSentence(input.examiners);
  if (examiners) centred(page, { text: examiners, font: sans, size: 10, color: MUTED, y: top - 246, maxWidth: WIDTH - 420 });

  const left = 60;
  page.drawText(printable(sansBold, `Certificate ${input.number}`), { x: left, y: 110, size: 11, font: sansBold, color: INK });
  page.drawText('Verify it at', { x: left, y: 92, size: 9, font: sans, color: MUTED });
  page.drawText(printable(sans, url), { x: left, y: 78, size: 9, font: sans, color: INK });
  page.drawText('or scan the code.', { x: left, y: 64, size: 9, font: sans, color: MUTED });
  drawQr(page, url);

  return doc.save({ useObjectStreams: false });
}

/** The SHA-256 of a PDF in hex, as the verify page shows it. */
export const pdfSha256 = bytesSha256;
