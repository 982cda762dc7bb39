import { fireEvent, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { findToast, makeUser, renderWithProviders } from '@/testing/render';
import { ProfileSettingsForm } from './profile-settings-form';

afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

const save = () => fireEvent.click(screen.getByRole('button', { name: 'Save Changes' }));

describe('ProfileSettingsForm', () => {
  it("saves and says 'Profile Updated'", async () => {
    const fetch = vi.fn(async () => Response.json(makeUser({ firstName: 'Ashu' })));
    vi.stubGlobal('fetch', fetch);
    const onUpdated = vi.fn();
    renderWithProviders(<ProfileSettingsForm user={makeUser()} onUpdated={onUpdated} />);
    fireEvent.change(screen.getByLabelText('First name'), { target: { value: 'Ashu' } });
    save();
    expect(await findToast('Profile Updated')).toBeTruthy();
    expect(fetch).toHaveBeenCalledWith(expect.stringContaining('/api/auth/profile'), expect.objectContaining({ method: 'PATCH' }));
    expect(onUpdated).toHaveBeenCalled();
  });

  it("says 'Error - Failed to update profile. Please try again.' when the save fails", async () => {
    vi.stubGlobal('fetch', vi.fn(async () => Response.json({ message: 'Database unavailable' }, { status: 500 })));
    renderWithProviders(<ProfileSettingsForm user={makeUser()} onUpdated={() => {}} />);
    save();
    expect(await findToast('Error')).toBeTruthy();
    expect(await findToast('Failed to update profile. Please try again.')).toBeTruthy();
  });

  it("says 'Unauthorized - You are logged out. Logging in again...' on 401 and signs in again after 500 ms", async () => {
    vi.stubGlobal('fetch', vi.fn(async () => Response.json({ message: 'Unauthorized' }, { status: 401 })));
    const hrefSetter = vi.spyOn(window.location, 'href', 'set').mockImplementation(() => {});
    renderWithProviders(<ProfileSettingsForm user={makeUser()} onUpdated={() => {}} />);
    const savedAt = Date.now();
    save();
    expect(await findToast('Unauthorized')).toBeTruthy();
    expect(await findToast('You are logged out. Logging in again...')).toBeTruthy();
    await vi.waitFor(() => expect(hrefSetter).toHaveBeenCalledWith('/api/login'), { timeout: 2000 });
    expect(Date.now() - savedAt).toBeGreaterThanOrEqual(500);
  });

  it('labels its fields and shows the e-mail read-only', () => {
    renderWithProviders(<ProfileSettingsForm user={makeUser({ email: 'asha@example.in' })} onUpdated={() => {}} />);
    expect((screen.getByLabelText('First name') as HTMLInputElement).value).toBe('Asha');
    expect((screen.getByLabelText('Last name') as HTMLInputElement).value).toBe('Verma');
    const email = screen.getByLabelText('E-mail') as HTMLInputElement;
    expect(email.value).toBe('asha@example.in');
    expect(email.disabled).toBe(true);
  });

  it('leaves the e-mail empty for a phone-only account', () => {
    renderWithProviders(<ProfileSettingsForm user={makeUser({ email: null, phoneNumber: '+919123456789' })} onUpdated={() => {}} />);
    expect((screen.getByLabelText('E-mail') as HTMLInputElement).value).toBe('');
  });

  it("shows 'First name is required' under an empty first name", async () => {
    renderWithProviders(<ProfileSettingsForm user={makeUser()} onUpdated={() => {}} />);
    fireEvent.change(screen.getByLabelText('First name'), { target: { value: '  ' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save Changes' }));
    expect(await screen.findByText('First name is required')).toBeTruthy();
    expect(screen.getByLabelText('First name').getAttribute('aria-invalid')).toBe('true');
  });
});
