import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { dismissToast } from '@/lib/toast';
import { renderWithProviders } from '@/testing/render';
import type { Product } from '@live-market/contract/products';
import { getBroadcast, stopBroadcast } from '../media/live-broadcast';
import { instantToIst, istToInstant } from '../utils/schedule';
import { StartStreamSheet } from './start-stream-sheet';

const STREAM_ID = '00000000-0000-4000-8000-0000000000aa';

/** A camera the sheet can show: happy-dom has MediaStream but no tracks and no navigator.mediaDevices. */
function fakeCameraStream() {
  const track = { kind: 'video', readyState: 'live', stop: vi.fn() };
  const stream = Object.assign(new MediaStream(), { getVideoTracks: () => [track], getAudioTracks: () => [], getTracks: () => [track] });
  return { stream, track };
}

function stubCamera(getUserMedia: () => Promise<MediaStream>) {
  const mock = vi.fn(getUserMedia);
  Object.defineProperty(navigator, 'mediaDevices', { configurable: true, value: { getUserMedia: mock } });
  return mock;
}

/** Answers POST /api/streams with this status and body; anything else is a 404. */
function stubCreateStream(status: number, body: unknown) {
  const fetchMock = vi.fn(async (url: string, _init?: RequestInit) =>
    url === '/api/streams' ? new Response(JSON.stringify(body), { status }) : Response.json({ message: 'Not here' }, { status: 404 }),
  );
  vi.stubGlobal('fetch', fetchMock);
  return fetchMock;
}

const THUMBNAIL = '/uploads/products/5b1c0a4e-8d9f-4c1e-9a57-2f3d6c7b8e90/640.webp';
const product = (id: string, name: string): Product => ({
  id,
  sellerId: '00000000-0000-4000-8000-0000000000bb',
  name,
  description: null,
  price: '1499.00',
  originalPrice: null,
  category: 'fashion',
  stockQuantity: 3, weightGrams: 500,
  imageUrl: null,
  isActive: true, hsnCode: '7117', gstRatePercent: 3, countryOfOrigin: 'IN', returnDays: 7,
});
const PRODUCTS = [product('00000000-0000-4000-8000-000000000101', 'Mysore silk saree'), product('00000000-0000-4000-8000-000000000102', 'Temple jhumkas')];

function renderSheet() {
  const onOpenChange = vi.fn();
  const onAlreadyLive = vi.fn();
  const result = renderWithProviders(
    <StartStreamSheet
      userId="00000000-0000-4000-8000-000000000001"
      open
      onOpenChange={onOpenChange}
      onAlreadyLive={onAlreadyLive}
      products={PRODUCTS}
      // The dashboard passes the sellers feature's photo upload; here a stand-in that "uploads" at once.
      renderThumbnailField={(field) => (
        <button type="button" onClick={() => field.onChange(THUMBNAIL)}>
          {field.label}
        </button>
      )}
    />,
    { path: '/seller/dashboard' },
  );
  const dialog = () => screen.getByRole('dialog', { name: 'Start Live Stream' });
  const typeTitle = (value: string) => fireEvent.change(within(dialog()).getByLabelText('Stream title'), { target: { value } });
  const typeDescription = (value: string) => fireEvent.change(within(dialog()).getByLabelText('Description'), { target: { value } });
  const goLive = () => fireEvent.click(within(dialog()).getByRole('button', { name: 'Go Live' }));
  return { ...result, onOpenChange, onAlreadyLive, dialog, typeTitle, typeDescription, goLive };
}

/**
 * findToast from @/testing/render, for toasts shown while the sheet is open: the modal sheet marks the
 * rest of the page (the toast region included) aria-hidden, so the region is looked up with hidden: true.
 */
async function findToast(text: string) {
  const region = await screen.findByRole('region', { name: /Notifications/, hidden: true });
  return within(region).findByText(text);
}

/** The toast store outlives each render: start every test with no toast showing. */
async function expectNoToast() {
  await waitFor(() => expect(document.body.textContent).not.toMatch(/Failed to create stream|Unauthorized|Please enter a stream title/));
}

let camera: ReturnType<typeof fakeCameraStream>;

beforeEach(() => {
  dismissToast();
  camera = fakeCameraStream();
  stubCamera(async () => camera.stream);
});

afterEach(() => {
  stopBroadcast();
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
  vi.useRealTimers();
  Reflect.deleteProperty(navigator, 'mediaDevices');
});

describe('StartStreamSheet', () => {
  it('opens as a bottom sheet with the camera preview, the title and description fields and Go Live', async () => {
    const { dialog } = renderSheet();
    expect(await screen.findByRole('dialog', { name: 'Start Live Stream' })).toBeTruthy();
    expect(within(dialog()).getByLabelText('Camera preview').tagName).toBe('VIDEO');
    expect(await within(dialog()).findByRole('button', { name: 'Switch camera' })).toBeTruthy();
    expect(within(dialog()).getByLabelText('Stream title')).toBeTruthy();
    expect(within(dialog()).getByLabelText('Description')).toBeTruthy();
    expect(navigator.mediaDevices.getUserMedia).toHaveBeenCalledWith(expect.objectContaining({ video: expect.objectContaining({ facingMode: 'user' }) }));
  });

  it.each([
    ['empty', ''],
    ['only spaces', '   '],
  ])("says 'Please enter a stream title' for a title that is %s, and sends nothing", async (_case, title) => {
    const fetchMock = stubCreateStream(201, {});
    const { typeTitle, goLive } = renderSheet();
    await expectNoToast();
    typeTitle(title);
    goLive();
    const toast = await findToast('Please enter a stream title');
    expect(toast.closest('[class*="bg-destructive"]')).toBeTruthy();
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it('sends the title, description, isLive and startedAt, and goes to the new stream, publishing the same camera', async () => {
    const fetchMock = stubCreateStream(201, { id: STREAM_ID, title: 'Festive silk sarees' });
    const { typeTitle, typeDescription, goLive, location } = renderSheet();
    await screen.findByRole('button', { name: 'Switch camera' });
    typeTitle('  Festive silk sarees  ');
    typeDescription('New arrivals from Kanchipuram');
    goLive();
    await waitFor(() => expect(location()).toBe(`/stream/${STREAM_ID}`));
    const [url, init] = fetchMock.mock.calls[0]!;
    expect(url).toBe('/api/streams');
    expect(init).toMatchObject({ method: 'POST', credentials: 'include' });
    const body = JSON.parse(init!.body as string) as Record<string, unknown>;
    // Issue 29: the show is in the app's language unless the seller chooses another.
    expect(body).toMatchObject({ title: 'Festive silk sarees', description: 'New arrivals from Kanchipuram', isLive: true, recording: true, language: 'en' });
    expect(body.scheduledFor).toBeUndefined();
    expect(Number.isNaN(Date.parse(body.startedAt as string))).toBe(false);
    // The show's broadcast took over the same camera (it outlives the sheet and the page); the sheet did not switch it off.
    expect(camera.track.stop).not.toHaveBeenCalled();
    expect(getBroadcast()).toMatchObject({ streamId: STREAM_ID, camera: camera.stream });
  });

  it("says 'Unauthorized' on a 401 and sends the browser to /api/login after 0.5 s", async () => {
    const fetchMock = stubCreateStream(401, { message: 'Unauthorized' });
    let answeredAt = 0;
    fetchMock.mockImplementationOnce(async () => {
      answeredAt = Date.now();
      return Response.json({ message: 'Unauthorized' }, { status: 401 });
    });
    let redirectedAt = 0;
    let toastShownAtRedirect = false;
    const hrefSetter = vi.spyOn(window.location, 'href', 'set').mockImplementation(() => {
      redirectedAt = Date.now();
      toastShownAtRedirect = document.body.textContent.includes('You are logged out. Logging in again...');
    });
    const { typeTitle, goLive } = renderSheet();
    await expectNoToast();
    typeTitle('Festive silk sarees');
    goLive();
    const toast = await findToast('Unauthorized');
    expect(toast.closest('[class*="bg-destructive"]')).toBeTruthy();
    expect(await findToast('You are logged out. Logging in again...')).toBeTruthy();
    await vi.waitFor(() => expect(hrefSetter).toHaveBeenCalledWith('/api/login'), { timeout: 2000 });
    expect(hrefSetter).toHaveBeenCalledTimes(1);
    expect(fetchMock).toHaveBeenCalledTimes(1);
    expect(toastShownAtRedirect).toBe(true);
    // 500 ms after the answer (a millisecond of rounding allowed), and not much later.
    expect(redirectedAt - answeredAt).toBeGreaterThanOrEqual(499);
    expect(redirectedAt - answeredAt).toBeLessThan(1500);
  });

  it("says 'Failed to create stream' on a 500 and stays on the sheet", async () => {
    const hrefSetter = vi.spyOn(window.location, 'href', 'set').mockImplementation(() => {});
    stubCreateStream(500, { message: 'Internal Server Error' });
    const { typeTitle, goLive, location, onAlreadyLive, dialog } = renderSheet();
    await expectNoToast();
    typeTitle('Festive silk sarees');
    goLive();
    const toast = await findToast('Failed to create stream');
    expect(toast.closest('[class*="bg-destructive"]')).toBeTruthy();
    expect(screen.queryByText('You already have a live stream')).toBeNull();
    expect(location()).toBe('/seller/dashboard');
    expect(onAlreadyLive).not.toHaveBeenCalled();
    // The seller can try again.
    await waitFor(() => expect(within(dialog()).getByRole('button', { name: 'Go Live' }).hasAttribute('disabled')).toBe(false));
    await new Promise((resolve) => setTimeout(resolve, 600));
    expect(hrefSetter).not.toHaveBeenCalled();
  });

  it("says 'Failed to create stream' / 'You already have a live stream' on a 409 and tells the dashboard", async () => {
    stubCreateStream(409, { message: 'You already have a live stream' });
    const { typeTitle, goLive, location, onAlreadyLive } = renderSheet();
    await expectNoToast();
    typeTitle('Festive silk sarees');
    goLive();
    const title = await findToast('Failed to create stream');
    expect(title.closest('[class*="bg-destructive"]')).toBeTruthy();
    expect(await findToast('You already have a live stream')).toBeTruthy();
    expect(onAlreadyLive).toHaveBeenCalledTimes(1);
    expect(location()).toBe('/seller/dashboard');
  });

  // Plain-http pages other than localhost have no navigator.mediaDevices: the sheet explains, never crashes.
  it("says the camera needs https when the page has no camera API (navigator.mediaDevices missing)", async () => {
    Reflect.deleteProperty(navigator, 'mediaDevices');
    vi.spyOn(console, 'warn').mockImplementation(() => {});
    const { dialog } = renderSheet();
    const alert = await within(dialog()).findByRole('alert');
    expect(alert.textContent).toContain('The camera only works over a secure (https) connection.');
    expect(within(dialog()).getByLabelText('Stream title')).toBeTruthy();
  });

  it('explains a blocked camera and still lets the seller go live', async () => {
    stubCamera(async () => Promise.reject(Object.assign(new Error('Permission denied'), { name: 'NotAllowedError' })));
    vi.spyOn(console, 'warn').mockImplementation(() => {});
    const fetchMock = stubCreateStream(500, {});
    const { typeTitle, goLive, dialog } = renderSheet();
    const alert = await within(dialog()).findByRole('alert');
    expect(alert.textContent).toContain('Camera access was denied.');
    expect(within(alert).getByRole('button', { name: 'Try the camera again' })).toBeTruthy();
    typeTitle('Festive silk sarees');
    goLive();
    await waitFor(() => expect(fetchMock).toHaveBeenCalledWith('/api/streams', expect.objectContaining({ method: 'POST' })));
  });

  it("records every show unless 'Record this show' is switched off", async () => {
    const fetchMock = stubCreateStream(201, { id: STREAM_ID, title: 'Festive silk sarees', scheduledFor: null });
    const { typeTitle, goLive, dialog } = renderSheet();
    const record = within(dialog()).getByRole('switch', { name: 'Record this show' }) as HTMLInputElement;
    expect(record.checked).toBe(true);
    fireEvent.click(record);
    typeTitle('Festive silk sarees');
    goLive();
    await waitFor(() => expect(fetchMock).toHaveBeenCalled());
    expect(JSON.parse(fetchMock.mock.calls[0]![1]!.body as string)).toMatchObject({ recording: false, isLive: true });
  });

  it('Schedule for later: no camera; a date and time in IST, a thumbnail and products; announces the show without going live', async () => {
    const fetchMock = stubCreateStream(201, { id: STREAM_ID, title: 'Wedding silks', scheduledFor: '2030-01-01T00:00:00.000Z' });
    const { typeTitle, dialog, onOpenChange, location } = renderSheet();
    await screen.findByRole('button', { name: 'Switch camera' });
    fireEvent.click(within(dialog()).getByRole('switch', { name: 'Schedule for later' }));
    await waitFor(() => expect(within(dialog()).queryByLabelText('Camera preview')).toBeNull());
    // The camera is let go: its light goes out while a show is planned.
    await waitFor(() => expect(camera.track.stop).toHaveBeenCalled());

    // Two days ahead at 7:30 pm, India time.
    const { date } = instantToIst(Date.now() + 2 * 86_400_000);
    fireEvent.change(within(dialog()).getByLabelText('Date'), { target: { value: date } });
    fireEvent.change(within(dialog()).getByLabelText('Time (IST)'), { target: { value: '19:30' } });
    expect(within(dialog()).getByText("India Standard Time (IST), whatever time zone this phone is set to.")).toBeTruthy();
    fireEvent.click(within(dialog()).getByRole('button', { name: 'Thumbnail photo' }));
    fireEvent.click(within(dialog()).getByRole('checkbox', { name: /Temple jhumkas/ }));
    expect(within(dialog()).getByText('1 of 20 chosen')).toBeTruthy();
    typeTitle('Wedding silks');
    fireEvent.change(within(dialog()).getByLabelText('Language of the show'), { target: { value: 'ta' } });
    fireEvent.click(within(dialog()).getByRole('button', { name: 'Schedule show' }));

    await waitFor(() => expect(onOpenChange).toHaveBeenCalledWith(false));
    const body = JSON.parse(fetchMock.mock.calls[0]![1]!.body as string) as Record<string, unknown>;
    expect(body).toEqual({
      title: 'Wedding silks',
      description: '',
      recording: true,
      scheduledFor: istToInstant({ date, time: '19:30' })!.toISOString(),
      thumbnailUrl: THUMBNAIL,
      productIds: ['00000000-0000-4000-8000-000000000102'],
      language: 'ta',
    });
    expect(await findToast('Show scheduled')).toBeTruthy();
    expect(location()).toBe('/seller/dashboard');
  });

  it('refuses a show less than 5 minutes ahead, and sends nothing', async () => {
    const fetchMock = stubCreateStream(201, {});
    const { typeTitle, dialog } = renderSheet();
    await expectNoToast();
    fireEvent.click(within(dialog()).getByRole('switch', { name: 'Schedule for later' }));
    const soon = instantToIst(Date.now() + 2 * 60_000);
    fireEvent.change(within(dialog()).getByLabelText('Date'), { target: { value: soon.date } });
    fireEvent.change(within(dialog()).getByLabelText('Time (IST)'), { target: { value: soon.time } });
    typeTitle('Wedding silks');
    fireEvent.change(within(dialog()).getByLabelText('Language of the show'), { target: { value: 'ta' } });
    fireEvent.click(within(dialog()).getByRole('button', { name: 'Schedule show' }));
    expect(await findToast('Choose a time at least 5 minutes from now')).toBeTruthy();
    expect(fetchMock).not.toHaveBeenCalled();
  });
});
