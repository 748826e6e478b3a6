/** The graphic's size in pixels (docs/product.md, constants): 3:2, made for social posts. */
export const GRAPHIC_WIDTH = 1200;
export const GRAPHIC_HEIGHT = 800;

export interface GraphicTeam {
  name: string;
  schoolName: string | null;
  /** The team's Elo in the week drawn (today's, or the snapshot's). */
  elo: number;
  picture: GraphicImage;
}

export interface GraphicContent {
  background: GraphicImage | null;
  title: string;
  titleColor: string;
  teamTextColor: string;
  /** Fill behind the title and every team row, e.g. rgba(0, 0, 0, 0.7). */
  overlayColor: string;
  teams: readonly GraphicTeam[];
  /** Which ranking the graphic shows, e.g. 'Week of Nov 23, 2026', drawn under the title. */
  weekLabel: string;
  logo: GraphicImage;
  siteName: string;
}

const FONT = 'system-ui, -apple-system, "Segoe UI", Roboto, sans-serif';
const PADDING = 48;
const COLUMN_GAP = 32;
const ROWS_PER_COLUMN = 5;
const LIST_TOP = 186;
const ROW_HEIGHT = 96;
const ROW_GAP = 12;
const PICTURE_SIZE = 64;

/** Pictures the graphic draws: loaded <img> elements (same-origin, so the canvas stays exportable). */
export type GraphicImage = HTMLImageElement | ImageBitmap;

function sizeOf(image: GraphicImage): { width: number; height: number } {
  return 'naturalWidth' in image ? { width: image.naturalWidth || image.width, height: image.naturalHeight || image.height } : image;
}

/** Draws `image` to fill the box (like CSS object-fit: cover). */
function drawCover(ctx: CanvasRenderingContext2D, image: GraphicImage, x: number, y: number, width: number, height: number): void {
  const { width: iw, height: ih } = sizeOf(image);
  if (!iw || !ih) return;
  const scale = Math.max(width / iw, height / ih);
  const sw = width / scale;
  const sh = height / scale;
  ctx.drawImage(image, (iw - sw) / 2, (ih - sh) / 2, sw, sh, x, y, width, height);
}

/** Draws `image` inside the box, keeping its proportions (object-fit: contain). */
function drawContain(ctx: CanvasRenderingContext2D, image: GraphicImage, x: number, y: number, size: number): void {
  const { width: iw, height: ih } = sizeOf(image);
  if (!iw || !ih) return;
  const scale = Math.min(size / iw, size / ih);
  const w = iw * scale;
  const h = ih * scale;
  ctx.drawImage(image, x + (size - w) / 2, y + (size - h) / 2, w, h);
}

/** Sets the largest font size from `largest` down to `smallest` at which `text` fits. */
function fitFont(ctx: CanvasRenderingContext2D, text: string, weight: number, largest: number, smallest: number, maxWidth: number): void {
  let size = largest;
  ctx.font = `${weight} ${size}px ${FONT}`;
  while (size > smallest && ctx.measureText(text).width > maxWidth) {
    size -= 1;
    ctx.font = `${weight} ${size}px ${FONT}`;
  }
}

/** `text` shortened with an ellipsis until it fits `maxWidth` in the current font. */
function fitText(ctx: CanvasRenderingContext2D, text: string, maxWidth: number): string {
  if (ctx.measureText(text).width <= maxWidth) return text;
  let shortened = text;
  while (shortened.length > 1 && ctx.measureText(`${shortened}…`).width > maxWidth) shortened = shortened.slice(0, -1);
  return `${shortened.trimEnd()}…`;
}

function roundedBox(ctx: CanvasRenderingContext2D, x: number, y: number, width: number, height: number, radius: number): void {
  ctx.beginPath();
  ctx.roundRect(x, y, width, height, radius);
  ctx.fill();
}

function drawBackground(ctx: CanvasRenderingContext2D, background: GraphicImage | null): void {
  if (!background) {
    // Without a picture the graphic still downloads: a dark gradient in the logo's colours.
    const gradient = ctx.createLinearGradient(0, 0, GRAPHIC_WIDTH, GRAPHIC_HEIGHT);
    gradient.addColorStop(0, '#1b1f3b');
    gradient.addColorStop(1, '#364fc7');
    ctx.fillStyle = gradient;
    ctx.fillRect(0, 0, GRAPHIC_WIDTH, GRAPHIC_HEIGHT);
    return;
  }
  ctx.save();
  ctx.filter = 'blur(8px)';
  // Drawn a little larger than the canvas so the blur does not fade the edges.
  const bleed = 24;
  drawCover(ctx, background, -bleed, -bleed, GRAPHIC_WIDTH + 2 * bleed, GRAPHIC_HEIGHT + 2 * bleed);
  ctx.restore();
}

function drawTeamRow(ctx: CanvasRenderingContext2D, content: GraphicContent, team: GraphicTeam, rank: number, x: number, y: number, width: number): void {
  ctx.fillStyle = content.overlayColor;
  roundedBox(ctx, x, y, width, ROW_HEIGHT, 14);

  ctx.fillStyle = content.teamTextColor;
  ctx.textBaseline = 'middle';
  ctx.textAlign = 'center';
  ctx.font = `800 34px ${FONT}`;
  ctx.fillText(String(rank), x + 36, y + ROW_HEIGHT / 2);

  const pictureX = x + 68;
  drawContain(ctx, team.picture, pictureX, y + (ROW_HEIGHT - PICTURE_SIZE) / 2, PICTURE_SIZE);

  // The Elo at the row's right end; the name and school take the room left of it.
  ctx.textAlign = 'right';
  ctx.font = `800 30px ${FONT}`;
  const eloRight = x + width - 18;
  ctx.fillText(String(team.elo), eloRight, y + ROW_HEIGHT / 2 - 8);
  ctx.globalAlpha = 0.8;
  ctx.font = `600 14px ${FONT}`;
  ctx.fillText('Elo', eloRight, y + ROW_HEIGHT / 2 + 20);
  ctx.globalAlpha = 1;
  ctx.font = `800 30px ${FONT}`;
  const eloWidth = Math.max(ctx.measureText(String(team.elo)).width, 60);

  const textX = pictureX + PICTURE_SIZE + 18;
  const textWidth = eloRight - eloWidth - 16 - textX;
  ctx.textAlign = 'left';
  // Long names shrink a little before they are shortened.
  fitFont(ctx, team.name, 700, 28, 22, textWidth);
  if (team.schoolName) {
    ctx.fillText(fitText(ctx, team.name, textWidth), textX, y + ROW_HEIGHT / 2 - 15);
    ctx.globalAlpha = 0.8;
    ctx.font = `400 20px ${FONT}`;
    ctx.fillText(fitText(ctx, team.schoolName, textWidth), textX, y + ROW_HEIGHT / 2 + 18);
    ctx.globalAlpha = 1;
  } else {
    ctx.fillText(fitText(ctx, team.name, textWidth), textX, y + ROW_HEIGHT / 2);
  }
}

/**
 * The top-10 graphic with the Canvas API: blurred background, title and ranking week, the
 * numbered teams with their Elo in two columns of five (1-5 left, 6-10 right), and the logo
 * with the wordmark at the bottom.
 */
export function drawGraphic(ctx: CanvasRenderingContext2D, content: GraphicContent): void {
  ctx.clearRect(0, 0, GRAPHIC_WIDTH, GRAPHIC_HEIGHT);
  drawBackground(ctx, content.background);

  ctx.font = `900 60px ${FONT}`;
  const title = fitText(ctx, content.title, GRAPHIC_WIDTH - 2 * PADDING - 48);
  const titleWidth = ctx.measureText(title).width;
  ctx.fillStyle = content.overlayColor;
  roundedBox(ctx, (GRAPHIC_WIDTH - titleWidth) / 2 - 24, 36, titleWidth + 48, 96, 16);
  ctx.fillStyle = content.titleColor;
  ctx.textAlign = 'center';
  ctx.textBaseline = 'middle';
  ctx.fillText(title, GRAPHIC_WIDTH / 2, 86);

  ctx.font = `600 22px ${FONT}`;
  const weekLabel = fitText(ctx, content.weekLabel, GRAPHIC_WIDTH - 2 * PADDING);
  const weekWidth = ctx.measureText(weekLabel).width;
  ctx.fillStyle = content.overlayColor;
  roundedBox(ctx, (GRAPHIC_WIDTH - weekWidth) / 2 - 14, 138, weekWidth + 28, 34, 10);
  ctx.fillStyle = content.titleColor;
  ctx.fillText(weekLabel, GRAPHIC_WIDTH / 2, 155);

  const columnWidth = (GRAPHIC_WIDTH - 2 * PADDING - COLUMN_GAP) / 2;
  content.teams.slice(0, 2 * ROWS_PER_COLUMN).forEach((team, index) => {
    const column = Math.floor(index / ROWS_PER_COLUMN);
    const row = index % ROWS_PER_COLUMN;
    const x = PADDING + column * (columnWidth + COLUMN_GAP);
    const y = LIST_TOP + row * (ROW_HEIGHT + ROW_GAP);
    drawTeamRow(ctx, content, team, index + 1, x, y, columnWidth);
  });

  const footerY = GRAPHIC_HEIGHT - 44;
  ctx.font = `800 28px ${FONT}`;
  const wordmarkWidth = ctx.measureText(content.siteName).width;
  const logoSize = 40;
  const footerWidth = logoSize + 12 + wordmarkWidth;
  const footerX = (GRAPHIC_WIDTH - footerWidth) / 2;
  ctx.fillStyle = content.overlayColor;
  roundedBox(ctx, footerX - 16, footerY - logoSize / 2 - 8, footerWidth + 32, logoSize + 16, 12);
  drawContain(ctx, content.logo, footerX, footerY - logoSize / 2, logoSize);
  ctx.fillStyle = content.titleColor;
  ctx.textAlign = 'left';
  ctx.textBaseline = 'middle';
  ctx.fillText(content.siteName, footerX + logoSize + 12, footerY);
}
