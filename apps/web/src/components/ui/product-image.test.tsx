import { fireEvent, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderWithProviders } from '@/testing/render';
import { ProductImage } from './product-image';

describe('ProductImage', () => {
  it('draws a photo square at the width it is shown, lazily by default', () => {
    const { container } = renderWithProviders(<ProductImage src="/uploads/products/0b6f7c1e-2f0a-4d8e-9c1b-1234567890ab/640.webp" sizes="50vw" />);
    const img = container.querySelector('img')!;
    expect([img.getAttribute('width'), img.getAttribute('height')]).toEqual(['640', '640']);
    expect(img.getAttribute('sizes')).toBe('50vw');
    expect(img.getAttribute('loading')).toBe('lazy');
    expect(container.querySelector('source[type="image/avif"]')).not.toBeNull();
  });

  it('shows the placeholder when there is no photo', () => {
    const { container } = renderWithProviders(<ProductImage src={null} />);
    expect(screen.getByRole('img', { name: 'No image' })).toBeTruthy();
    expect(container.querySelector('img')).toBeNull();
  });

  it('shows the placeholder when the photo fails to load', () => {
    const { container } = renderWithProviders(<ProductImage src="/demo/ring.svg" />);
    fireEvent.error(container.querySelector('img')!);
    expect(container.querySelector('img')).toBeNull();
    expect(screen.getByRole('img', { name: 'No image' })).toBeTruthy();
  });
});
