import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { renderWithProviders } from '@/testing/render';
import { RETURN_PHOTO_UPLOAD_URL } from '../api/upload-return-photo';
import { ReturnSheet } from './return-sheet';

// Issue 27: photos of what goes back, uploaded as they are picked; the return waits for them.
const ORDER = '00000000-0000-4000-8000-00000000aa11';
const ITEM = '00000000-0000-4000-8000-0000000000e1';
const PHOTO_URL = '/uploads/returns/6f1c2a9e-0b7d-4c1e-9a55-3d2f8e4b7c10.webp';
const items = [{ id: ITEM, productId: null, name: 'Kundan jhumka', imageUrl: null, unitPrice: '799.00', quantity: 1, weightGrams: null }];

let answerUpload: (res: Response) => void = () => {};
let fetchMock: ReturnType<typeof vi.fn>;
beforeEach(() => {
  let n = 0;
  vi.stubGlobal('URL', Object.assign(URL, { createObjectURL: () => `blob:photo-${++n}`, revokeObjectURL: vi.fn() }));
  fetchMock = vi.fn((url: string, init?: RequestInit) => {
    if (url === RETURN_PHOTO_UPLOAD_URL) return new Promise<Response>((resolve) => (answerUpload = resolve));
    return Promise.resolve(Response.json({ id: 'r1', status: 'requested', items: [], photoUrls: JSON.parse(init!.body as string).photoUrls }, { status: 201 }));
  });
  vi.stubGlobal('fetch', fetchMock);
});
afterEach(() => vi.unstubAllGlobals());

const jpeg = (name = 'clasp.jpg') => new File([new Uint8Array([0xff, 0xd8, 0xff, 0xe0])], name, { type: 'image/jpeg' });

function open() {
  renderWithProviders(<ReturnSheet orderId={ORDER} items={items} open onOpenChange={() => {}} />);
  const sheet = screen.getByRole('dialog');
  fireEvent.click(within(sheet).getByRole('checkbox', { name: /Kundan jhumka/ }));
  fireEvent.click(within(sheet).getByRole('radio', { name: 'Arrived damaged' }));
  return sheet;
}

describe('a return’s photos', () => {
  it('uploads a picked photo at once, holds the return until it is up, then sends its address', async () => {
    const sheet = open();
    const photos = within(sheet).getByRole('group', { name: 'Photos (optional)' });
    fireEvent.change(within(photos).getByLabelText('Add a photo'), { target: { files: [jpeg()] } });
    expect(within(photos).getByRole('img', { name: 'Photo 1' }).getAttribute('src')).toBe('blob:photo-1');
    expect(within(photos).getByRole('status', { name: 'Uploading photo…' })).toBeTruthy();
    const ask = within(sheet).getByRole('button', { name: 'Ask for a return' }) as HTMLButtonElement;
    expect(ask.disabled).toBe(true);
    const [url, init] = fetchMock.mock.calls[0]!;
    expect([url, init.method, (init.headers as Record<string, string>)['Content-Type']]).toEqual([RETURN_PHOTO_UPLOAD_URL, 'POST', 'image/jpeg']);

    await act(async () => answerUpload(Response.json({ url: PHOTO_URL }, { status: 201 })));
    await waitFor(() => expect(ask.disabled).toBe(false));
    fireEvent.click(ask);
    await waitFor(() => expect(fetchMock).toHaveBeenCalledTimes(2));
    expect(JSON.parse(fetchMock.mock.calls[1]![1].body as string)).toMatchObject({ photoUrls: [PHOTO_URL] });
  });

  it('drops a photo the server refuses, with its reason, and one removed before it is up is not sent', async () => {
    const sheet = open();
    const photos = within(sheet).getByRole('group', { name: 'Photos (optional)' });
    fireEvent.change(within(photos).getByLabelText('Add a photo'), { target: { files: [jpeg('fake.jpg')] } });
    await act(async () => answerUpload(Response.json({ message: 'That file is not a photo we can read. Use a JPEG, PNG or WebP image.' }, { status: 415 })));
    expect(await screen.findByText('That file is not a photo we can read. Use a JPEG, PNG or WebP image.')).toBeTruthy();
    expect(within(photos).queryByRole('img')).toBeNull();

    fireEvent.change(within(photos).getByLabelText('Add a photo'), { target: { files: [jpeg()] } });
    fireEvent.click(within(photos).getByRole('button', { name: 'Remove photo 1' }));
    expect(within(photos).queryByRole('img')).toBeNull();
    await act(async () => answerUpload(Response.json({ url: PHOTO_URL }, { status: 201 })));
    fireEvent.click(within(sheet).getByRole('button', { name: 'Ask for a return' }));
    await waitFor(() => expect(fetchMock).toHaveBeenCalledTimes(3));
    expect(JSON.parse(fetchMock.mock.calls[2]![1].body as string)).toMatchObject({ photoUrls: [] });
  });

  it('refuses a file that is not a photo before sending it, and offers no sixth photo', async () => {
    const sheet = open();
    const photos = within(sheet).getByRole('group', { name: 'Photos (optional)' });
    fireEvent.change(within(photos).getByLabelText('Add a photo'), { target: { files: [new File(['%PDF'], 'bill.pdf', { type: 'application/pdf' })] } });
    expect(await screen.findByText('This file is not a supported photo. Choose a JPEG, PNG, WebP or AVIF image.')).toBeTruthy();
    expect(fetchMock).not.toHaveBeenCalled();

    fireEvent.change(within(photos).getByLabelText('Add a photo'), { target: { files: Array.from({ length: 7 }, (_, i) => jpeg(`p${i}.jpg`)) } });
    expect(within(photos).getAllByRole('img')).toHaveLength(5);
    expect(fetchMock).toHaveBeenCalledTimes(5);
    expect(within(photos).queryByRole('button', { name: 'Add a photo' })).toBeNull();
  });
});
