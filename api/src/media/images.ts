import sharp from 'sharp';
import { AppError } from '../common/app-error';
import { ConcurrencyLimit } from '../common/concurrency';

export type ImageFormat = 'jpeg' | 'png' | 'gif' | 'webp';

/** A file on disk (a path) or bytes. */
export type ImageInput = string | Buffer;

/**
 * Every decode and encode of an uploaded picture, one at a time: decoding holds a thread of libuv's
 * small pool, which password hashing needs too, so a flood of uploads queues here instead of
 * starving sign-ins.
 */
export const imageQueue = new ConcurrencyLimit(1);

/**
 * Reads the header of an image (cheap: no pixels decoded) and refuses, with a 400 and a message,
 * one whose dimensions pass `maxPixels` or that is no image sharp can read. Answers its format.
 */
async function inspect(input: ImageInput, maxPixels: number): Promise<ImageFormat | null> {
  let meta: sharp.Metadata;
  try {
    // Only the header is read here; the pixel limit is checked below, with its own message.
    meta = await sharp(input, { limitInputPixels: false }).metadata();
  } catch {
    return null;
  }
  if ((meta.width ?? 0) * (meta.height ?? 0) > maxPixels) {
    throw new AppError(400, 'upload.image_too_large', { max: Math.floor(maxPixels / 1_000_000) });
  }
  return (meta.format as ImageFormat) ?? null;
}

/**
 * Decodes and re-encodes through `encode`, in the image queue; any failure of the pixels (a valid
 * header over broken data, a truncated file) is the uploader's: a 400 with a message, never a 500.
 */
function transcode<T>(input: ImageInput, maxPixels: number, encode: (image: sharp.Sharp) => Promise<T>): Promise<T> {
  return imageQueue.run(() =>
    encode(sharp(input, { limitInputPixels: maxPixels })).catch((err: unknown) => {
      if (err instanceof AppError) throw err;
      throw new AppError(400, 'upload.image_unreadable');
    }),
  );
}

/**
 * Stores a profile picture as /uploads/users/<uuid>.jpg (512 px, cropped square, upright, as JPEG)
 * with its 128 px thumbnail under users/thumbs/, after checking the bytes are one of `formats`.
 * Re-encoding drops metadata (camera GPS) and anything hidden after the image data. Returns null when
 * the file is not one of `formats`; a picture too large or broken is a 400.
 */
export async function storePicture(
  store: {
    save(folder: string, ext: string, bytes: Buffer, name?: string): Promise<string>;
    remove(path: string): Promise<void>;
  },
  input: ImageInput,
  formats: ImageFormat[],
  maxPixels: number,
): Promise<string | null> {
  const format = await imageQueue.run(() => inspect(input, maxPixels));
  if (!format || !formats.includes(format)) return null;
  const [large, thumb] = await transcode(input, maxPixels, async (image) => {
    const large = await image
      .rotate()
      .resize(512, 512, { fit: 'cover' })
      .flatten({ background: '#ffffff' })
      .jpeg({ quality: 85, mozjpeg: true })
      .toBuffer();
    // The thumbnail comes from the 512 px result, not a second decode of the upload.
    const thumb = await sharp(large).resize(128, 128).jpeg({ quality: 85, mozjpeg: true }).toBuffer();
    return [large, thumb];
  });
  let picture: string | undefined;
  try {
    picture = await store.save('users', '.jpg', large);
    await store.save('users/thumbs', '.jpg', thumb, picture.split('/').pop());
    return picture;
  } catch (err) {
    if (picture) await removePicture(store, picture);
    throw err;
  }
}

/**
 * A JPEG thumbnail (inside 400 px) of an image file. Returns null when the file is not a raster
 * image sharp reads; dimensions past `maxPixels` or broken pixels are a 400.
 */
export async function makeThumbnail(input: string, maxPixels: number): Promise<Buffer | null> {
  if (!(await imageQueue.run(() => inspect(input, maxPixels)))) return null;
  return transcode(input, maxPixels, (image) =>
    image
      .rotate()
      .resize(400, 400, { fit: 'inside', withoutEnlargement: true })
      .flatten({ background: '#ffffff' })
      .jpeg({ quality: 80 })
      .toBuffer(),
  );
}

/** Removes a stored profile picture and its thumbnail. */
export async function removePicture(store: { remove(path: string): Promise<void> }, path: string | null | undefined) {
  if (!path) return;
  await store.remove(path);
  await store.remove(path.replace('/uploads/users/', '/uploads/users/thumbs/'));
}
