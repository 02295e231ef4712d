/** What the invite poster says, in the user's language. */
export interface PosterText {
  appName: string;
  headline: string;
  codeLabel: string;
  code: string;
  link: string;
}

const WIDTH = 720;
const HEIGHT = 1080;
const QR_BOX = 440;
const FONT =
  '-apple-system, BlinkMacSystemFont, "Segoe UI", Roboto, "Noto Sans", "Noto Sans Thai", "PingFang SC", sans-serif';

/**
 * `text` cut into lines no wider than `width`: at spaces where the language has them, anywhere in
 * a word too long for a line (and in Chinese or Thai, which write none).
 */
function lines(ctx: CanvasRenderingContext2D, text: string, width: number): string[] {
  const result: string[] = [];
  let line = '';
  for (const char of text) {
    const next = line + char;
    if (ctx.measureText(next).width <= width || line === '') {
      line = next;
      continue;
    }
    const space = line.lastIndexOf(' ');
    if (space > 0 && char !== ' ') {
      result.push(line.slice(0, space));
      line = line.slice(space + 1) + char;
    } else {
      result.push(line.trimEnd());
      line = char === ' ' ? '' : char;
    }
  }
  if (line) result.push(line);
  return result;
}

function centred(ctx: CanvasRenderingContext2D, text: string, y: number, font: string, lineHeight: number): number {
  ctx.font = font;
  let at = y;
  for (const line of lines(ctx, text, WIDTH - 80)) {
    ctx.fillText(line, WIDTH / 2, at);
    at += lineHeight;
  }
  return at;
}

/**
 * The shareable invite poster: the app's name, a headline, the QR code of the invite link (taken
 * from the QR code the page shows), the code and the link, on the app's blue.
 */
export function drawPoster(qr: HTMLCanvasElement, text: PosterText): HTMLCanvasElement {
  const canvas = document.createElement('canvas');
  canvas.width = WIDTH;
  canvas.height = HEIGHT;
  const ctx = canvas.getContext('2d');
  if (!ctx) throw new Error('this browser draws no canvas');
  const background = ctx.createLinearGradient(0, 0, WIDTH, HEIGHT);
  background.addColorStop(0, '#01b1fe');
  background.addColorStop(0.55, '#0a6fb8');
  background.addColorStop(1, '#0b2a45');
  ctx.fillStyle = background;
  ctx.fillRect(0, 0, WIDTH, HEIGHT);

  ctx.textAlign = 'center';
  ctx.textBaseline = 'alphabetic';
  ctx.fillStyle = '#ffffff';
  centred(ctx, text.appName, 110, `700 52px ${FONT}`, 60);
  const below = centred(ctx, text.headline, 180, `500 32px ${FONT}`, 42);

  const boxY = Math.max(below + 10, 250);
  const boxX = (WIDTH - QR_BOX) / 2;
  ctx.fillStyle = '#ffffff';
  ctx.beginPath();
  ctx.roundRect(boxX, boxY, QR_BOX, QR_BOX, 28);
  ctx.fill();
  ctx.imageSmoothingEnabled = false;
  ctx.drawImage(qr, boxX + 30, boxY + 30, QR_BOX - 60, QR_BOX - 60);

  ctx.fillStyle = '#eaf4fb';
  centred(ctx, text.codeLabel, boxY + QR_BOX + 70, `500 28px ${FONT}`, 36);
  ctx.fillStyle = '#ffffff';
  centred(ctx, text.code, boxY + QR_BOX + 140, `700 64px ${FONT}`, 70);
  ctx.fillStyle = '#cfe6f6';
  centred(ctx, text.link, boxY + QR_BOX + 200, `400 22px ${FONT}`, 30);
  return canvas;
}

export function pngOf(canvas: HTMLCanvasElement): Promise<Blob> {
  return new Promise((resolve, reject) => {
    canvas.toBlob((blob) => (blob ? resolve(blob) : reject(new Error('the poster could not be encoded'))), 'image/png');
  });
}

/** Whether the browser can hand an image to the phone's share sheet. */
export function canShareFiles(file: File): boolean {
  return typeof navigator.canShare === 'function' && navigator.canShare({ files: [file] });
}

/** Saves the image as a download (the fallback where the share sheet takes no files). */
export function download(file: File): void {
  const url = URL.createObjectURL(file);
  const link = document.createElement('a');
  link.href = url;
  link.download = file.name;
  document.body.appendChild(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
}
