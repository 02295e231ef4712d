/**
 * Draws the trial's product pictures: each `apps/server/src/demo-images/<name>.svg` (written by
 * hand, no text, so no font is needed) becomes `<name>.webp` beside it, the file the demo seeds as
 * an upload (`apps/server/src/demo.ts`). Run `npx tsx scripts/demo-images.ts` after changing an SVG
 * and commit both files: the server never draws them, so a first start stays quick.
 */
import { readdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import sharp from 'sharp';

const dir = fileURLToPath(new URL('../apps/server/src/demo-images/', import.meta.url));

for (const file of readdirSync(dir).filter((name) => name.endsWith('.svg'))) {
  const webp = await sharp(readFileSync(path.join(dir, file)))
    .webp({ quality: 82, effort: 6 })
    .toBuffer();
  const out = path.join(dir, file.replace(/\.svg$/, '.webp'));
  writeFileSync(out, webp);
  console.log(`${path.relative(process.cwd(), out)}: ${webp.length} bytes`);
}
