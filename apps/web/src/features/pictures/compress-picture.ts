import imageCompression from 'browser-image-compression';

/** docs/product.md, constants: at most 0.5 MB and 512 px on the longest side, EXIF removed. */
export const PICTURE_LIMITS = { maxSizeMB: 0.5, maxWidthOrHeight: 512 } as const;

export const NOT_A_FILE_MESSAGE = 'The file given is not an instance of Blob or File';
export const NOT_AN_IMAGE_MESSAGE = 'The file given is not an image';
export const COMPRESSION_FAILED_MESSAGE = 'Image compression failed';

const EXTENSIONS: Record<string, string> = { 'image/jpeg': 'jpg', 'image/png': 'png', 'image/webp': 'webp', 'image/gif': 'gif' };

/** The picture's extension from its type; jpg when the type says nothing we know. */
export function pictureExtension(type: string): string {
  return EXTENSIONS[type] ?? 'jpg';
}

/**
 * Shrinks a chosen picture before upload and renames it 'compressed.{ext}'. Throws with the
 * texts of docs/product.md for something that is not a file or not an image.
 */
export async function compressPicture(file: unknown): Promise<File> {
  if (!(file instanceof Blob)) throw new Error(NOT_A_FILE_MESSAGE);
  if (!file.type.startsWith('image/')) throw new Error(NOT_AN_IMAGE_MESSAGE);
  const input = file instanceof File ? file : new File([file], 'picture', { type: file.type });
  // No web worker: the library's worker would load a copy of itself from a CDN.
  const compressed = await imageCompression(input, { ...PICTURE_LIMITS, useWebWorker: false, preserveExif: false });
  return new File([compressed], `compressed.${pictureExtension(compressed.type)}`, { type: compressed.type });
}

/** The picture as a `data:image/...;base64,` URL: how the edit payload carries a new picture. */
export function readAsDataUrl(file: Blob): Promise<string> {
  return new Promise((resolve, reject) => {
    const reader = new FileReader();
    reader.onload = () => resolve(String(reader.result));
    reader.onerror = () => reject(reader.error ?? new Error('Could not read the picture'));
    reader.readAsDataURL(file);
  });
}
