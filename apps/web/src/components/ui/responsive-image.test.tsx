import { render } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { ResponsiveImage } from './responsive-image';

const ID = '0b6f7c1e-2f0a-4d8e-9c1b-1234567890ab';
const widths = (format: string, at: (w: number) => string) => [320, 640, 1280].map((w) => `${at(w)}.${format} ${w}w`).join(', ');

describe('ResponsiveImage', () => {
  it('offers an upload as AVIF, then WebP, in all three widths, in a box of the given aspect', () => {
    const src = `/uploads/products/${ID}/640.webp`;
    const { container } = render(<ResponsiveImage src={src} sizes="50vw" width={640} height={640} />);
    const source = container.querySelector('picture > source')!;
    expect(source.getAttribute('type')).toBe('image/avif');
    expect(source.getAttribute('srcset')).toBe(widths('avif', (w) => `/uploads/products/${ID}/${w}`));
    expect(source.getAttribute('sizes')).toBe('50vw');
    const img = container.querySelector('picture > img')!;
    expect(img.getAttribute('src')).toBe(src);
    expect(img.getAttribute('srcset')).toBe(widths('webp', (w) => `/uploads/products/${ID}/${w}`));
    expect(img.getAttribute('sizes')).toBe('50vw');
    expect([img.getAttribute('width'), img.getAttribute('height')]).toEqual(['640', '640']);
  });

  it('offers an upload from before AVIF its WebP widths only, without a picture', () => {
    const src = `/uploads/products/${ID}-640.webp`;
    const { container } = render(<ResponsiveImage src={src} sizes="96px" width={640} height={640} />);
    expect(container.querySelector('picture')).toBeNull();
    const img = container.querySelector('img')!;
    expect(img.getAttribute('srcset')).toBe(widths('webp', (w) => `/uploads/products/${ID}-${w}`));
    expect(img.getAttribute('sizes')).toBe('96px');
  });

  it('leaves a seeded SVG or a local preview as it is', () => {
    for (const src of ['/demo/stream-kundan.svg', 'blob:http://localhost/1234']) {
      const { container, unmount } = render(<ResponsiveImage src={src} sizes="100vw" width={640} height={360} />);
      const img = container.querySelector('img')!;
      expect(container.querySelector('picture')).toBeNull();
      expect(img.getAttribute('src')).toBe(src);
      expect(img.hasAttribute('srcset')).toBe(false);
      expect(img.hasAttribute('sizes')).toBe(false);
      expect([img.getAttribute('width'), img.getAttribute('height')]).toEqual(['640', '360']);
      unmount();
    }
  });

  it('is lazy below the fold and fetched first when it is the largest paint', () => {
    const attrs = (priority?: 'high' | 'eager' | 'lazy') => {
      const { container, unmount } = render(<ResponsiveImage src="/demo/ring.svg" sizes="96px" width={1} height={1} priority={priority} />);
      const img = container.querySelector('img')!;
      const seen = { loading: img.getAttribute('loading'), decoding: img.getAttribute('decoding'), fetchpriority: img.getAttribute('fetchpriority') };
      unmount();
      return seen;
    };
    expect(attrs()).toEqual({ loading: 'lazy', decoding: 'async', fetchpriority: null });
    expect(attrs('eager')).toEqual({ loading: 'eager', decoding: 'async', fetchpriority: null });
    expect(attrs('high')).toEqual({ loading: 'eager', decoding: null, fetchpriority: 'high' });
  });
});
