import { act, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import '@/lib/i18n';
import { toast } from '@/lib/toast';
import { Toaster } from './toaster';

afterEach(() => vi.useRealTimers());

describe('Toaster', () => {
  it('shows a toast for 5000 ms', () => {
    vi.useFakeTimers();
    render(<Toaster />);
    act(() => void toast({ title: 'Profile Updated' }));
    const state = () => screen.queryByText('Profile Updated')?.closest('li')?.getAttribute('data-state') ?? 'gone';
    act(() => vi.advanceTimersByTime(4999));
    expect(state()).toBe('open');
    act(() => vi.advanceTimersByTime(1));
    expect(['closed', 'gone']).toContain(state());
  });

  it('puts toasts in a region F8 focuses, 420 px wide at most from medium screens', () => {
    render(<Toaster />);
    act(() => void toast({ title: 'Following' }));
    const region = screen.getByRole('region', { name: /Notifications/ });
    expect(region.getAttribute('aria-label')).toContain('F8');
    const viewport = region.querySelector('ol')!;
    expect(viewport.className).toContain('md:max-w-[420px]');
    fireEvent.keyDown(document, { key: 'F8', code: 'F8' });
    expect(document.activeElement).toBe(viewport);
  });
});
