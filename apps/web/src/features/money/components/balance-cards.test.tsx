import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderWithProviders } from '@/testing/render';
import { BalanceCards } from './balance-cards';

describe('BalanceCards', () => {
  it('shows the four figures in rupees, each with what it means', () => {
    renderWithProviders(<BalanceCards balance={{ pending: '1499', onHold: '799.5', available: '12340.5', paidOut: '100000' }} />);
    const balance = screen.getByRole('region', { name: 'Your balance' });
    const figure = (name: string) => within(within(balance).getByRole('group', { name })).getByText(/₹/).textContent;
    expect(figure('Pending')).toBe('₹1,499.00');
    expect(figure('On hold')).toBe('₹799.50');
    expect(figure('Available')).toBe('₹12,340.50');
    expect(figure('Paid out')).toBe('₹1,00,000.00');
    expect(within(balance).getByText('Earned on orders not delivered yet')).toBeTruthy();
    expect(within(balance).getByText('Paid to your account in the next payout')).toBeTruthy();
  });

  it('shows a negative available balance (a refund after a payout) with its minus sign', () => {
    renderWithProviders(<BalanceCards balance={{ pending: '0', onHold: '0', available: '-39.95', paidOut: '500' }} />);
    const available = screen.getByRole('group', { name: 'Available' });
    expect(within(available).getByText('-₹39.95').className).toContain('text-destructive');
  });

  it('holds the place of each figure while the balance loads', () => {
    renderWithProviders(<BalanceCards balance={undefined} />);
    expect(screen.getAllByRole('group')).toHaveLength(4);
    expect(screen.queryByText(/₹/)).toBeNull();
  });
});
