import { fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { findToast, renderWithProviders } from '@/testing/render';
import { VerificationWizard } from './verification-wizard';

const unverified = { isVerified: false, verificationLevel: 'none' } as const;
const submission = { id: '00000000-0000-4000-8000-0000000000dd', status: 'pending', createdAt: '2025-03-31T12:00:00.000Z' };

function stubFetch(status: number, body: unknown) {
  const fetchMock = vi.fn(async () => new Response(JSON.stringify(body), { status }));
  vi.stubGlobal('fetch', fetchMock);
  return fetchMock;
}

const type = (label: string, value: string) => fireEvent.change(screen.getByLabelText(label), { target: { value } });

function fillBusiness() {
  type('Business name', "Asha's Silk House");
  type('Business address', '12 MG Road, Bengaluru 560001');
  type('Business phone', '9876543210');
  type('PAN number', 'abcpe1234f');
}

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('VerificationWizard', () => {
  it('introduces the five tiers on step 1', () => {
    renderWithProviders(<VerificationWizard seller={unverified} />);
    for (const [name, text] of [
      ['Not Verified', 'Not verified yet'],
      ['Basic', 'Verification with documents'],
      ['Silver', 'Enhanced with GST details'],
      ['Gold', 'Premium with business proof'],
      ['Diamond', 'Top tier with all credentials'],
    ]) {
      expect(screen.getByText(name!)).toBeTruthy();
      expect(screen.getByText(text!)).toBeTruthy();
    }
    expect(screen.getByRole('button', { name: 'Start Verification' })).toBeTruthy();
  });

  it("shows a verified store's level", () => {
    renderWithProviders(<VerificationWizard seller={{ isVerified: true, verificationLevel: 'gold' }} />);
    expect(screen.getByText('Your store is verified: Gold')).toBeTruthy();
  });

  it('goes to the business form and back, keeping what was typed', () => {
    renderWithProviders(<VerificationWizard seller={unverified} />);
    fireEvent.click(screen.getByRole('button', { name: 'Start Verification' }));
    expect(screen.getByRole('heading', { name: 'Business information' })).toBeTruthy();
    for (const label of ['Business name', 'Business address', 'Business phone', 'GST number (optional)', 'PAN number']) expect(screen.getByLabelText(label)).toBeTruthy();
    type('Business name', "Asha's Silk House");
    fireEvent.click(screen.getByRole('button', { name: 'Back' }));
    expect(screen.getByRole('button', { name: 'Start Verification' })).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Start Verification' }));
    expect((screen.getByLabelText('Business name') as HTMLInputElement).value).toBe("Asha's Silk House");
  });

  it("shows SPEC section 5's messages and sends nothing", async () => {
    const fetchMock = stubFetch(201, submission);
    renderWithProviders(<VerificationWizard seller={unverified} initialStep={2} />);
    type('Business phone', '98765');
    fireEvent.click(screen.getByRole('button', { name: 'Submit for Verification' }));
    expect(await screen.findByText('Business name is required')).toBeTruthy();
    expect(screen.getByText('Business address is required')).toBeTruthy();
    expect(screen.getByText('Valid phone number required')).toBeTruthy();
    expect(screen.getByText('PAN number required')).toBeTruthy();
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it('submits and shows step 4 with a link to the dashboard', async () => {
    const fetchMock = stubFetch(201, submission);
    const onSubmitted = vi.fn();
    renderWithProviders(<VerificationWizard seller={unverified} initialStep={2} onSubmitted={onSubmitted} />);
    fillBusiness();
    fireEvent.click(screen.getByRole('button', { name: 'Submit for Verification' }));
    expect(await screen.findByRole('heading', { name: 'Verification Submitted' })).toBeTruthy();
    expect(screen.getByText(/within 24-48 hours/, { selector: 'p' })).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Go to Dashboard' }).getAttribute('href')).toBe('/seller/dashboard');
    expect(await findToast('We will review your details within 24-48 hours.')).toBeTruthy();
    expect(onSubmitted).toHaveBeenCalledWith(submission);
    const body = JSON.parse((fetchMock.mock.calls[0] as unknown as [string, RequestInit])[1].body as string) as Record<string, unknown>;
    expect(body).toEqual({ businessName: "Asha's Silk House", businessAddress: '12 MG Road, Bengaluru 560001', businessPhone: '9876543210', panNumber: 'ABCPE1234F' });
  });

  it("shows the server's message when a submission is already under review", async () => {
    stubFetch(409, { message: 'Your verification is already under review.' });
    renderWithProviders(<VerificationWizard seller={unverified} initialStep={2} />);
    fillBusiness();
    fireEvent.click(screen.getByRole('button', { name: 'Submit for Verification' }));
    expect(await findToast('Your verification is already under review.')).toBeTruthy();
    expect(screen.getByRole('heading', { name: 'Business information' })).toBeTruthy();
  });

  it("says 'Failed to submit verification. Please try again.' on other errors", async () => {
    stubFetch(500, { message: 'Internal Server Error' });
    renderWithProviders(<VerificationWizard seller={unverified} initialStep={2} />);
    fillBusiness();
    fireEvent.click(screen.getByRole('button', { name: 'Submit for Verification' }));
    expect(await findToast('Failed to submit verification. Please try again.')).toBeTruthy();
    await waitFor(() => expect(screen.getByRole('button', { name: 'Submit for Verification' }).hasAttribute('disabled')).toBe(false));
  });
});
