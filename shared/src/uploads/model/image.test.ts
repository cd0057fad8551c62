import { MAX_IMAGE_BYTES, checkImage } from './image';

describe('checkImage', () => {
  it('accepts jpg and png up to 4 MB', () => {
    expect(checkImage({ type: 'image/png', size: MAX_IMAGE_BYTES, name: 'a.png' })).toBeNull();
    expect(checkImage({ type: '', size: 10, name: 'photo.JPG' })).toBeNull();
  });
  it('refuses other types and larger files', () => {
    expect(checkImage({ type: 'image/gif', size: 10, name: 'a.gif' })).toBe('imageType');
    expect(checkImage({ type: 'image/jpeg', size: MAX_IMAGE_BYTES + 1, name: 'a.jpg' })).toBe('imageSize');
  });
});

describe('checkImage (file name fallback and limits)', () => {
  const file = (name: string, type: string, size: number) => ({ name, type, size });
  it('accepts jpg and png up to 4 MB', () => {
    expect(checkImage(file('a.jpg', 'image/jpeg', 1000))).toBeNull();
    expect(checkImage(file('a.png', 'image/png', 4 * 1024 * 1024))).toBeNull();
    expect(checkImage(file('a.jpeg', '', 10))).toBeNull();
  });
  it('rejects other types and files over 4 MB', () => {
    expect(checkImage(file('a.gif', 'image/gif', 10))).toBe('imageType');
    expect(checkImage(file('a.pdf', '', 10))).toBe('imageType');
    expect(checkImage(file('a.png', 'image/png', 4 * 1024 * 1024 + 1))).toBe('imageSize');
  });
});
