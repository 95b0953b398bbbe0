#!/usr/bin/env node
// `node scripts/make-icons.mjs`: draws public/favicon.svg into the icons that are committed beside it —
// favicon.ico (16, 32 and 48 px, for browsers and tools that ask for /favicon.ico) and the web
// manifest's 192 and 512 px PNGs. Run it again after changing the SVG; nothing is drawn at run time.
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import sharp from 'sharp';
import pngToIco from 'png-to-ico';

const publicDir = fileURLToPath(new URL('../public/', import.meta.url));
const svg = fs.readFileSync(path.join(publicDir, 'favicon.svg'));
const png = (size) =>
  sharp(svg, { density: Math.ceil((72 * size) / 32) })
    .resize(size, size)
    .png()
    .toBuffer();

const ico = await pngToIco(await Promise.all([16, 32, 48].map(png)));
fs.writeFileSync(path.join(publicDir, 'favicon.ico'), ico);
for (const size of [192, 512]) fs.writeFileSync(path.join(publicDir, `icon-${size}.png`), await png(size));
console.log('Wrote public/favicon.ico, public/icon-192.png and public/icon-512.png.');
