import { appOrigin } from '@/lib/origin';

/** The absolute address of a show's page, for sharing outside the app. */
export function showUrl(streamId: string): string {
  return `${appOrigin()}/stream/${streamId}`;
}

export function whatsAppShareUrl(text: string, url: string): string {
  return `https://wa.me/?text=${encodeURIComponent(`${text} ${url}`)}`;
}

/** Whether the phone's own share sheet is there (Android Chrome); desktop and some browsers lack it. */
export function canShareNatively(): boolean {
  return typeof navigator !== 'undefined' && typeof navigator.share === 'function';
}

/**
 * Opens the phone's share sheet. 'shared' or 'cancelled' (the person closed it) end there; 'failed'
 * (refused or unsupported) leaves the caller to offer its own way.
 */
export async function shareNatively(data: { title: string; text: string; url: string }): Promise<'shared' | 'cancelled' | 'failed'> {
  if (!canShareNatively()) return 'failed';
  try {
    await navigator.share(data);
    return 'shared';
  } catch (error) {
    return error instanceof DOMException && error.name === 'AbortError' ? 'cancelled' : 'failed';
  }
}

/** Copies text; pages served over plain http (a phone on the LAN) have no Clipboard API, so fall back to a hidden field. */
export async function copyText(text: string): Promise<void> {
  if (navigator.clipboard?.writeText) {
    try {
      await navigator.clipboard.writeText(text);
      return;
    } catch {
      // Permission refused: try the old way below.
    }
  }
  const field = document.createElement('textarea');
  field.value = text;
  field.setAttribute('readonly', '');
  field.style.position = 'fixed';
  field.style.opacity = '0';
  document.body.append(field);
  field.select();
  const copied = document.execCommand('copy');
  field.remove();
  if (!copied) throw new Error('copy failed');
}
