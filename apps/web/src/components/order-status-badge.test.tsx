import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderWithProviders } from '@/testing/render';
import { OrderStatusBadge } from './order-status-badge';

describe('OrderStatusBadge', () => {
  it('gives the courier statuses of issue 27 their own label, colour and icon', () => {
    renderWithProviders(
      <>
        <OrderStatusBadge status="out_for_delivery" />
        <OrderStatusBadge status="delivery_failed" />
        <OrderStatusBadge status="returned_to_origin" />
        <OrderStatusBadge status="shipped" />
      </>,
    );
    const badge = (label: string) => screen.getByText(label);
    expect(badge('Out for Delivery').getAttribute('data-status')).toBe('out_for_delivery');
    expect(badge('Delivery Failed').getAttribute('data-status')).toBe('delivery_failed');
    expect(badge('Returned to Seller').getAttribute('data-status')).toBe('returned_to_origin');
    const looks = ['Out for Delivery', 'Delivery Failed', 'Returned to Seller', 'Shipped'].map((label) => badge(label).className);
    expect(new Set(looks).size).toBe(4);
    const icons = ['Out for Delivery', 'Delivery Failed', 'Returned to Seller', 'Shipped'].map((label) => badge(label).querySelector('svg')?.getAttribute('class'));
    expect(new Set(icons).size).toBe(4);
  });

  it('shows an unknown status as pending', () => {
    renderWithProviders(<OrderStatusBadge status="lost_in_space" />);
    expect(screen.getByText('Pending').getAttribute('data-status')).toBe('pending');
  });
});
