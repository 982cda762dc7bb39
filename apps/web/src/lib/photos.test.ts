import { describe, expect, it } from 'vitest';
import { checkPhoto } from './photos';

describe('checkPhoto', () => {
  it('accepts the contract image types up to 8 MB', () => {
    expect(checkPhoto({ name: 'a.jpg', type: 'image/jpeg', size: 1000 })).toBeNull();
    expect(checkPhoto({ name: 'IMG_0001.JPG', type: '', size: 1000 })).toBeNull();
    expect(checkPhoto({ name: 'IMG_0002.HEIC', type: '', size: 1000 })).toBe('type');
    expect(checkPhoto({ name: 'a.gif', type: 'image/gif', size: 1000 })).toBe('type');
    expect(checkPhoto({ name: 'a.png', type: 'image/png', size: 8 * 1024 * 1024 + 1 })).toBe('size');
    expect(checkPhoto({ name: 'a.png', type: 'image/png', size: 0 })).toBe('empty');
  });
});
