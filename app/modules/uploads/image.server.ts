import sharp from "sharp";

export type ImageKind = "jpeg" | "png" | "webp" | "gif";

/** The image type from the file's first bytes (its magic number), never from its name or the browser's word. */
export function sniffImage(b: Uint8Array): ImageKind | null {
  const at = (i: number, ...bytes: number[]) => bytes.every((x, j) => b[i + j] === x);
  if (at(0, 0xff, 0xd8, 0xff)) return "jpeg";
  if (at(0, 0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a)) return "png";
  if (at(0, 0x47, 0x49, 0x46, 0x38) && (at(4, 0x37, 0x61) || at(4, 0x39, 0x61))) return "gif";
  if (at(0, 0x52, 0x49, 0x46, 0x46) && at(8, 0x57, 0x45, 0x42, 0x50)) return "webp";
  return null;
}

/** Larger images are refused before they are decoded (a small file can claim a huge canvas). */
export const MAX_INPUT_PIXELS = 40_000_000;

/** The image's canvas is over MAX_INPUT_PIXELS: a readable file, refused for its size, not as broken. */
export class ImageTooLargeError extends Error {
  constructor() {
    super(`image over ${MAX_INPUT_PIXELS} pixels`);
    this.name = "ImageTooLargeError";
  }
}

/**
 * A square WebP of `size` px: the first frame, turned upright by its EXIF orientation, cropped to
 * the centre. Sharp writes no metadata unless asked, so EXIF (location, camera) is dropped.
 * Throws ImageTooLargeError over the pixel limit, and another error when the image cannot be decoded
 * in full (broken or truncated).
 */
export async function squareWebp(bytes: Buffer, size: number): Promise<Buffer> {
  try {
    return await sharp(bytes, { failOn: "truncated", limitInputPixels: MAX_INPUT_PIXELS, animated: false })
      .rotate()
      .resize(size, size, { fit: "cover", position: "centre" })
      .webp({ quality: 82 })
      .toBuffer();
  } catch (err) {
    // libvips' own words are the only sign of this refusal ("Input image exceeds pixel limit").
    if (err instanceof Error && /exceeds pixel limit/i.test(err.message)) throw new ImageTooLargeError();
    throw err;
  }
}
