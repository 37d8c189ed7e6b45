#!/usr/bin/env node
// Regenerates the app icons in public/icons/ from public/icons/icon.svg (run after changing the SVG; the PNGs are committed).
// Phones ask for: 192 and 512 px "any" icons and maskable ones (Android, Chrome's install), and a 180 px apple-touch-icon
// (iOS home screen). Maskable icons keep the artwork inside the central 80 % safe zone, on the brand colour.
import { readFileSync } from "node:fs";
import path from "node:path";
import sharp from "sharp";

const DIR = path.resolve("public/icons");
const svg = readFileSync(path.join(DIR, "icon.svg"));
const BRAND = "#174a47";

async function plain(size, name) {
  await sharp(svg, { density: 300 }).resize(size, size).png().toFile(path.join(DIR, name));
}

async function maskable(size, name) {
  const inner = Math.round(size * 0.8);
  const art = await sharp(svg, { density: 300 }).resize(inner, inner).png().toBuffer();
  await sharp({ create: { width: size, height: size, channels: 4, background: BRAND } })
    .composite([{ input: art, gravity: "center" }])
    .png()
    .toFile(path.join(DIR, name));
}

await plain(192, "icon-192.png");
await plain(512, "icon-512.png");
await maskable(192, "maskable-192.png");
await maskable(512, "maskable-512.png");
await plain(180, "apple-touch-icon.png");
console.log("icons written to public/icons/");
