import { describe, expect, it } from 'vitest';
import { compressPicture, NOT_A_FILE_MESSAGE, NOT_AN_IMAGE_MESSAGE, pictureExtension, readAsDataUrl } from './compress-picture';

describe('compressPicture', () => {
  it('refuses what is not a file, and a file that is not an image, with the texts of docs/product.md', async () => {
    await expect(compressPicture('picture.png')).rejects.toThrow(NOT_A_FILE_MESSAGE);
    await expect(compressPicture(new File(['hello'], 'notes.txt', { type: 'text/plain' }))).rejects.toThrow(NOT_AN_IMAGE_MESSAGE);
    expect(NOT_A_FILE_MESSAGE).toBe('The file given is not an instance of Blob or File');
    expect(NOT_AN_IMAGE_MESSAGE).toBe('The file given is not an image');
  });

  it('names the compressed file by its type, jpg when unknown', () => {
    expect(pictureExtension('image/png')).toBe('png');
    expect(pictureExtension('image/jpeg')).toBe('jpg');
    expect(pictureExtension('image/webp')).toBe('webp');
    expect(pictureExtension('image/x-unknown')).toBe('jpg');
  });

  it('reads a picture as a data URL for the edit payload', async () => {
    const url = await readAsDataUrl(new Blob([new Uint8Array([137, 80, 78, 71])], { type: 'image/png' }));
    expect(url).toBe('data:image/png;base64,iVBORw==');
  });
});
