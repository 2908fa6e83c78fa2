import { PDFDocument, rgb, StandardFonts, type PDFFont, type PDFPage } from '@pdfme/pdf-lib';
import { markdownBlocks, printable, wrapText } from '#core/pdf/pdf-text.ts';
import type { SignatureImage } from './signature-image.ts';

/**
 * The signed waiver (issue 26 §2): A4 portrait, standard fonts (runs in workerd and Node alike), the
 * version's exact text laid out from its Markdown, then the evidence: version, the text's SHA-256,
 * who signed for whom and in which capacity, when (UTC), IP, user agent, and the signature itself —
 * a PNG embedded as is, an SVG's paths drawn as vectors, or the typed name alone.
 */
export type WaiverPdfInput = {
  signatureId: string;
  schoolName: string;
  title: string;
  version: number;
  body: string;
  textSha256: string;
  signedForName: string;
  signedByName: string;
  /** 'self' or e.g. 'Parent or guardian'. */
  capacity: string;
  typedName: string;
  signedAt: Date;
  ip: string;
  userAgent: string;
  signature: SignatureImage | null;
};

/** The columns of a signature row its PDF is drawn from. */
export type WaiverPdfRow = {
  id: string;
  version: number;
  textSha256: string;
  signerCapacity: string;
  typedName: string;
  signedAt: Date;
  ip: string;
  userAgent: string;
};

/** What a signature's PDF is drawn from: the row plus the words around it, so the seed and a rebuild draw the same bytes. */
export function waiverPdfInputOf(
  row: WaiverPdfRow,
  more: Pick<WaiverPdfInput, 'schoolName' | 'title' | 'body' | 'signedForName' | 'signedByName' | 'signature'>,
): WaiverPdfInput {
  return {
    ...more,
    signatureId: row.id,
    version: row.version,
    textSha256: row.textSha256,
    capacity: row.signerCapacity,
    typedName: row.typedName,
    signedAt: row.signedAt,
    ip: row.ip,
    userAgent: row.userAgent,
  };
}

const WIDTH = 595;
const HEIGHT = 842;
const MARGIN = 56;
const LINE_WIDTH = WIDTH - MARGIN * 2;
const INK = rgb(0.1, 0.1, 0.12);
const MUTED = rgb(0.35, 0.35, 0.4);
const SIGNATURE_BOX = { width: 240, height: 80 };

type Fonts = { regular: PDFFont; bold: PDFFont; mono: PDFFont };

/** A cursor that flows lines down the page and starts a new page when one is full. */
class Flow {
  page: PDFPage;
  y = HEIGHT - MARGIN;
  private readonly doc: PDFDocument;
  private readonly footer: string;
  private readonly fonts: Fonts;
  constructor(doc: PDFDocument, footer: string, fonts: Fonts) {
    this.doc = doc;
    this.footer = footer;
    this.fonts = fonts;
    this.page = this.newPage();
  }
  private newPage() {
    const page = this.doc.addPage([WIDTH, HEIGHT]);
    page.drawText(printable(this.fonts.regular, this.footer), { x: MARGIN, y: 28, size: 8, font: this.fonts.regular, color: MUTED });
    return page;
  }
  room(height: number) {
    if (this.y - height < MARGIN) {
      this.page = this.newPage();
      this.y = HEIGHT - MARGIN;
    }
  }
  text(
    text: string,
    opts: { font: PDFFont; size: number; indent?: number; color?: ReturnType<typeof rgb>; after?: number; marker?: string },
  ) {
    const indent = opts.indent ?? 0;
    const lines = wrapText(opts.font, text, opts.size, LINE_WIDTH - indent);
    const leading = opts.size * 1.35;
    lines.forEach((line, i) => {
      this.room(leading);
      this.y -= leading;
      if (i === 0 && opts.marker) {
        const marker = printable(opts.font, opts.marker);
        this.page.drawText(marker, {
          x: MARGIN + indent - opts.font.widthOfTextAtSize(`${marker} `, opts.size),
          y: this.y,
          size: opts.size,
          font: opts.font,
          color: INK,
        });
      }
      this.page.drawText(line, { x: MARGIN + indent, y: this.y, size: opts.size, font: opts.font, color: opts.color ?? INK });
    });
    this.y -= opts.after ?? 0;
  }
}

async function drawSignature(doc: PDFDocument, flow: Flow, image: SignatureImage | null, typedName: string, fonts: Fonts) {
  flow.room(SIGNATURE_BOX.height + 24);
  const top = flow.y - 8;
  const { page } = flow;
  page.drawRectangle({
    x: MARGIN,
    y: top - SIGNATURE_BOX.height,
    width: SIGNATURE_BOX.width,
    height: SIGNATURE_BOX.height,
    borderColor: MUTED,
    borderWidth: 0.5,
  });
  if (image?.kind === 'png') {
    const png = await doc.embedPng(image.bytes);
    const scale = Math.min((SIGNATURE_BOX.width - 8) / png.width, (SIGNATURE_BOX.height - 8) / png.height, 1);
    page.drawImage(png, { x: MARGIN + 4, y: top - 4 - png.height * scale, width: png.width * scale, height: png.height * scale });
  } else if (image?.kind === 'svg') {
    const { box } = image;
    const scale = Math.min((SIGNATURE_BOX.width - 8) / box.width, (SIGNATURE_BOX.height - 8) / box.height);
    // drawSvgPath puts the SVG's origin at (x, y) with y growing downwards, as in the SVG.
    for (const d of image.paths) {
      page.drawSvgPath(d, { x: MARGIN + 4 - box.x * scale, y: top - 4 + box.y * scale, scale, borderColor: INK, borderWidth: 1.5 });
    }
  } else {
    const name = printable(fonts.bold, typedName);
    page.drawText(name, { x: MARGIN + 8, y: top - SIGNATURE_BOX.height / 2 - 6, size: 16, font: fonts.bold, color: INK });
  }
  flow.y = top - SIGNATURE_BOX.height - 6;
}

export async function renderWaiverPdf(input: WaiverPdfInput): Promise<Uint8Array> {
  // updateMetadata false: the dates written are the signing time, not the render time.
  const doc = await PDFDocument.create({ updateMetadata: false });
  doc.setTitle(`${input.title} (version ${input.version}), signed for ${input.signedForName}`);
  doc.setAuthor(input.schoolName);
  doc.setCreator('Dojo platform');
  doc.setProducer('Dojo platform');
  doc.setCreationDate(input.signedAt);
  doc.setModificationDate(input.signedAt);
  const fonts: Fonts = {
    regular: await doc.embedFont(StandardFonts.Helvetica),
    bold: await doc.embedFont(StandardFonts.HelveticaBold),
    mono: await doc.embedFont(StandardFonts.Courier),
  };
  const flow = new Flow(doc, `${input.title}, version ${input.version}. Signature ${input.signatureId}.`, fonts);

  flow.text(input.schoolName, { font: fonts.regular, size: 11, color: MUTED, after: 4 });
  flow.text(input.title, { font: fonts.bold, size: 20, after: 2 });
  flow.text(`Version ${input.version}`, { font: fonts.regular, size: 10, color: MUTED, after: 12 });
  for (const block of markdownBlocks(input.body)) {
    if (block.kind === 'heading') flow.text(block.text, { font: fonts.bold, size: Math.max(11, 16 - block.level), after: 4 });
    else if (block.kind === 'item')
      flow.text(block.text, { font: fonts.regular, size: 10.5, indent: 16 + block.level * 14, marker: block.marker, after: 2 });
    else flow.text(block.text, { font: fonts.regular, size: 10.5, after: 6 });
  }

  flow.room(200);
  flow.y -= 12;
  flow.page.drawLine({ start: { x: MARGIN, y: flow.y }, end: { x: WIDTH - MARGIN, y: flow.y }, thickness: 0.5, color: MUTED });
  flow.y -= 6;
  flow.text('Signature', { font: fonts.bold, size: 13, after: 4 });
  const forOther = input.capacity !== 'self';
  const facts: [string, string][] = [
    ['Signed for', input.signedForName],
    ['Signed by', forOther ? `${input.signedByName} (${input.capacity})` : input.signedByName],
    ['Typed name', input.typedName],
    ['Signed at', `${input.signedAt.toISOString().replace('T', ' ').slice(0, 19)} UTC`],
    ['IP address', input.ip || 'unknown'],
    ['User agent', input.userAgent || 'unknown'],
    ['Document', `${input.title}, version ${input.version}`],
    ['Text SHA-256', input.textSha256],
  ];
  for (const [label, value] of facts) {
    flow.text(`${label}: ${value}`, { font: label === 'Text SHA-256' ? fonts.mono : fonts.regular, size: 9.5, after: 1 });
  }
  await drawSignature(doc, flow, input.signature, input.typedName, fonts);
  flow.text(input.signature ? `${input.typedName} (drawn signature above)` : `${input.typedName} (signed by typing their name)`, {
    font: fonts.regular,
    size: 9,
    color: MUTED,
  });
  return doc.save({ useObjectStreams: false });
}
