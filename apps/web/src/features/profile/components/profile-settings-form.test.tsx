import { fireEvent, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { makeUser, renderWithProviders } from '@/testing/render';
import { ProfileSettingsForm } from './profile-settings-form';

describe('ProfileSettingsForm', () => {
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
