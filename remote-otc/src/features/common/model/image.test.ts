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
