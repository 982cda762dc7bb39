import { describe, expect, it } from 'vitest';
import { imageSources } from './images.js';
import { ProductBody } from './products.js';

const ID = '0b0c2a43-8a8e-4a5c-9a53-1c1d7d0f9a10';
const body = (imageUrl: string) => ProductBody.safeParse({ name: 'Ring', price: '10', category: 'jewelry', imageUrl });

describe('uploaded photo URLs', () => {
  it('accepts both namings the upload route has issued, at a stored width', () => {
    for (const url of [`/uploads/products/${ID}/640.webp`, `/uploads/products/${ID}/320.webp`, `/uploads/products/${ID}-640.webp`]) {
      expect(body(url).success, url).toBe(true);
    }
  });

  it('refuses a copy the product does not keep or a width never stored', () => {
    for (const url of [`/uploads/products/${ID}/640.avif`, `/uploads/products/${ID}/641.webp`, `/uploads/products/${ID}/../640.webp`, `/uploads/products/${ID}-640.avif`]) {
      expect(body(url).success, url).toBe(false);
    }
  });

  it('derives AVIF and WebP srcsets from a new upload, WebP only from an older one, nothing from anything else', () => {
    expect(imageSources(`/uploads/products/${ID}/640.webp`)).toEqual({
      avif: `/uploads/products/${ID}/320.avif 320w, /uploads/products/${ID}/640.avif 640w, /uploads/products/${ID}/1280.avif 1280w`,
      webp: `/uploads/products/${ID}/320.webp 320w, /uploads/products/${ID}/640.webp 640w, /uploads/products/${ID}/1280.webp 1280w`,
    });
    expect(imageSources(`/uploads/products/${ID}-320.webp`)).toEqual({
      webp: `/uploads/products/${ID}-320.webp 320w, /uploads/products/${ID}-640.webp 640w, /uploads/products/${ID}-1280.webp 1280w`,
    });
    expect(imageSources('/demo/ring.svg')).toBeNull();
    expect(imageSources(`https://evil.example/uploads/products/${ID}/640.webp`)).toBeNull();
  });
});
