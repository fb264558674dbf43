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

/**
 * Stores a profile picture as /uploads/users/<uuid>.jpg (512 px) with its 128 px thumbnail under
 * users/thumbs/, after checking the bytes are one of `formats`. Returns null when they are not.
 */
export async function storePicture(
  store: {
    save(folder: string, ext: string, bytes: Buffer, name?: string): Promise<string>;
    remove(path: string): Promise<void>;
  },
  bytes: Buffer,
  formats: ImageFormat[],
): Promise<string | null> {
  const format = await imageFormat(bytes);
  if (!format || !formats.includes(format)) return null;
  let picture: string | undefined;
  try {
    const [large, thumb] = await Promise.all([squarePicture(bytes, 512), squarePicture(bytes, 128)]);
    picture = await store.save('users', '.jpg', large);
    await store.save('users/thumbs', '.jpg', thumb, picture.split('/').pop());
    return picture;
  } catch (err) {
    if (picture) await removePicture(store, picture);
    if ((err as Error).message?.includes('Input buffer')) return null;
    throw err;
  }
}

/** Removes a stored profile picture and its thumbnail. */
export async function removePicture(store: { remove(path: string): Promise<void> }, path: string | null | undefined) {
  if (!path) return;
  await store.remove(path);
  await store.remove(path.replace('/uploads/users/', '/uploads/users/thumbs/'));
}
