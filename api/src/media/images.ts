import sharp from 'sharp';

export type ImageFormat = 'jpeg' | 'png' | 'gif' | 'webp';

/** The image format read from the bytes (never the file name), or null when they are not an image sharp can decode. */
export async function imageFormat(bytes: Buffer): Promise<ImageFormat | null> {
  try {
    const meta = await sharp(bytes, { limitInputPixels: 40_000_000 }).metadata();
    return (meta.format as ImageFormat) ?? null;
  } catch {
    return null;
  }
}

/**
 * Re-encodes an uploaded picture: upright, cropped square, as JPEG. Re-encoding drops metadata
 * (camera GPS) and anything hidden after the image data.
 */
export function squarePicture(bytes: Buffer, size: number): Promise<Buffer> {
  return sharp(bytes, { limitInputPixels: 40_000_000 })
    .rotate()
    .resize(size, size, { fit: 'cover' })
    .flatten({ background: '#ffffff' })
    .jpeg({ quality: 85, mozjpeg: true })
    .toBuffer();
}
