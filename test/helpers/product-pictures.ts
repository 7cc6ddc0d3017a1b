import sharp from 'sharp';

// Synthetic product photographs, drawn as SVG and rasterised by sharp, for the image tests, the
// image benchmark and the documentation's contact sheet. Gradients and highlights make them
// behave like packshots (soft edges, no flat blocks), with nothing downloaded.

export type ProductShape = 'bottle' | 'box' | 'jar' | 'tube';

export interface SceneOptions {
  width: number;
  height: number;
  shape: ProductShape;
  /** Hue of the product, 0–360. */
  hue?: number;
  /** CSS colour behind the product, or 'none' for a transparent background. */
  background?: string;
  /** Where the product's centre sits, as a share of the width (0.5 = centred). */
  centreX?: number;
  /** Share of the height the product takes (default 0.75). */
  scale?: number;
}

/** The SVG of a product on a background; rasterise it with sharp. */
export function productScene(options: SceneOptions): Buffer {
  const { width: w, height: h, shape } = options;
  const hue = options.hue ?? 140;
  const background = options.background ?? '#ffffff';
  const scale = options.scale ?? 0.75;
  const ph = h * scale;
  const cx = w * (options.centreX ?? 0.5);
  const top = (h - ph) / 2;
  const body = (() => {
    switch (shape) {
      case 'bottle': {
        const bw = ph * 0.32;
        return `<rect x="${cx - bw / 2}" y="${top + ph * 0.22}" width="${bw}" height="${ph * 0.78}" rx="${bw * 0.18}" fill="url(#body)"/>
          <path d="M ${cx - bw * 0.16} ${top + ph * 0.06} L ${cx + bw * 0.16} ${top + ph * 0.06} L ${cx + bw * 0.5} ${top + ph * 0.24} L ${cx - bw * 0.5} ${top + ph * 0.24} Z" fill="url(#body)"/>
          <rect x="${cx - bw * 0.18}" y="${top}" width="${bw * 0.36}" height="${ph * 0.08}" rx="4" fill="hsl(${hue},20%,20%)"/>
          <rect x="${cx - bw * 0.42}" y="${top + ph * 0.45}" width="${bw * 0.84}" height="${ph * 0.28}" fill="hsl(${(hue + 180) % 360},70%,92%)"/>
          <circle cx="${cx}" cy="${top + ph * 0.59}" r="${bw * 0.22}" fill="hsl(${(hue + 40) % 360},80%,45%)"/>`;
      }
      case 'box': {
        const bw = ph * 0.8;
        return `<rect x="${cx - bw / 2}" y="${top}" width="${bw}" height="${ph}" rx="6" fill="url(#body)"/>
          <rect x="${cx - bw * 0.4}" y="${top + ph * 0.12}" width="${bw * 0.8}" height="${ph * 0.22}" fill="hsl(${(hue + 180) % 360},60%,90%)"/>
          <polygon points="${cx - bw * 0.3},${top + ph * 0.85} ${cx},${top + ph * 0.45} ${cx + bw * 0.3},${top + ph * 0.85}" fill="hsl(${(hue + 60) % 360},70%,40%)"/>`;
      }
      case 'jar': {
        const bw = ph * 0.75;
        return `<rect x="${cx - bw * 0.4}" y="${top}" width="${bw * 0.8}" height="${ph * 0.16}" rx="8" fill="hsl(${hue},40%,25%)"/>
          <rect x="${cx - bw / 2}" y="${top + ph * 0.14}" width="${bw}" height="${ph * 0.86}" rx="${bw * 0.2}" fill="url(#body)"/>
          <ellipse cx="${cx}" cy="${top + ph * 0.58}" rx="${bw * 0.34}" ry="${ph * 0.18}" fill="hsl(${(hue + 180) % 360},70%,90%)"/>`;
      }
      case 'tube': {
        const bw = ph * 0.3;
        return `<path d="M ${cx - bw / 2} ${top + ph * 0.1} L ${cx + bw / 2} ${top + ph * 0.1} L ${cx + bw * 0.3} ${top + ph} L ${cx - bw * 0.3} ${top + ph} Z" fill="url(#body)"/>
          <rect x="${cx - bw * 0.52}" y="${top}" width="${bw * 1.04}" height="${ph * 0.1}" fill="hsl(${hue},15%,85%)"/>
          <rect x="${cx - bw * 0.3}" y="${top + ph * 0.35}" width="${bw * 0.6}" height="${ph * 0.3}" fill="hsl(${(hue + 90) % 360},75%,50%)"/>`;
      }
    }
  })();
  return Buffer.from(`<svg xmlns="http://www.w3.org/2000/svg" width="${w}" height="${h}" viewBox="0 0 ${w} ${h}">
    <defs>
      <linearGradient id="body" x1="0" x2="1" y1="0" y2="0">
        <stop offset="0" stop-color="hsl(${hue},60%,28%)"/>
        <stop offset="0.35" stop-color="hsl(${hue},65%,58%)"/>
        <stop offset="0.55" stop-color="hsl(${hue},70%,72%)"/>
        <stop offset="1" stop-color="hsl(${hue},60%,30%)"/>
      </linearGradient>
      <radialGradient id="floor" cx="0.5" cy="0.9" r="0.6">
        <stop offset="0" stop-color="#000" stop-opacity="0.18"/>
        <stop offset="1" stop-color="#000" stop-opacity="0"/>
      </radialGradient>
    </defs>
    ${background === 'none' ? '' : `<rect width="100%" height="100%" fill="${background}"/>`}
    ${background === 'none' ? '' : `<ellipse cx="${cx}" cy="${top + ph}" rx="${ph * 0.4}" ry="${ph * 0.05}" fill="url(#floor)"/>`}
    ${body}
  </svg>`);
}

/** A rasterised scene, optionally inside a flat border, in the given format. */
export async function productPicture(options: SceneOptions & { border?: { size: number; colour: string } }, format: 'jpeg' | 'png' | 'webp', quality = 90): Promise<Buffer> {
  let image = sharp(productScene(options));
  if (options.border) {
    const { size, colour } = options.border;
    image = sharp(await image.png().toBuffer()).extend({ top: size, bottom: size, left: size, right: size, background: colour });
  }
  if (format === 'jpeg') return image.flatten({ background: '#ffffff' }).jpeg({ quality }).toBuffer();
  if (format === 'webp') return image.webp({ quality }).toBuffer();
  return image.png().toBuffer();
}
