import { render } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { ProductImage, productImageSrcSet } from './product-image';

describe('ProductImage', () => {
  it('offers the three stored widths of an uploaded photo', () => {
    const src = '/uploads/products/0b6f7c1e-2f0a-4d8e-9c1b-1234567890ab-640.webp';
    const { container } = render(<ProductImage src={src} sizes="50vw" />);
    const img = container.querySelector('img')!;
    expect(img.getAttribute('srcset')).toBe(
      '/uploads/products/0b6f7c1e-2f0a-4d8e-9c1b-1234567890ab-320.webp 320w, /uploads/products/0b6f7c1e-2f0a-4d8e-9c1b-1234567890ab-640.webp 640w, /uploads/products/0b6f7c1e-2f0a-4d8e-9c1b-1234567890ab-1280.webp 1280w',
    );
    expect(img.getAttribute('sizes')).toBe('50vw');
  });

  it('leaves seeded images as they are', () => {
    expect(productImageSrcSet('/demo/products/kundan-necklace.webp')).toBeUndefined();
    const { container } = render(<ProductImage src="/demo/products/kundan-necklace.webp" />);
    expect(container.querySelector('img')!.hasAttribute('srcset')).toBe(false);
  });
});
