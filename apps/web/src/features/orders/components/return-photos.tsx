import 'virtual:english-load/returns';
import { Camera, Loader2, X } from 'lucide-react';
import { useEffect, useId, useRef, type ChangeEvent, type Dispatch, type SetStateAction } from 'react';
import { useTranslation } from 'react-i18next';
import { RETURN_PHOTOS_MAX } from '@live-market/contract/shipping';
import { Button } from '@/components/ui/button';
import { parseApiError } from '@/lib/api-client';
import { checkPhoto, imageTypeOf } from '@/lib/photos';
import { handleUnauthorized } from '@/lib/session';
import { toast } from '@/lib/toast';
import { uploadReturnPhoto } from '../api/upload-return-photo';

/** A photo on its way: shown from the phone at once, its address once the server has it. */
export type ReturnPhoto = { key: number; preview: string; url: string | null };

type ReturnPhotosProps = { photos: ReturnPhoto[]; onChange: Dispatch<SetStateAction<ReturnPhoto[]>> };

let nextKey = 0;

/**
 * Up to five photos of what is going back, taken or chosen on the phone and uploaded as soon as they
 * are picked (the return then sends their addresses). One that fails is dropped with the reason.
 */
export function ReturnPhotos({ photos, onChange }: ReturnPhotosProps) {
  const { t } = useTranslation();
  const ids = { label: useId(), hint: useId() };
  const input = useRef<HTMLInputElement>(null);
  const previews = useRef(new Set<string>());
  // The phone's copies are let go when the sheet goes.
  useEffect(() => () => previews.current.forEach((url) => URL.revokeObjectURL(url)), []);

  const drop = (key: number) =>
    onChange((current) => {
      const gone = current.find((p) => p.key === key);
      if (gone) URL.revokeObjectURL(gone.preview);
      return current.filter((p) => p.key !== key);
    });

  const send = async (file: File) => {
    const problem = checkPhoto(file);
    if (problem) return toast({ variant: 'destructive', title: t(`returns.photo_${problem}`) });
    const photo: ReturnPhoto = { key: ++nextKey, preview: URL.createObjectURL(file), url: null };
    previews.current.add(photo.preview);
    onChange((current) => [...current, photo]);
    try {
      const url = await uploadReturnPhoto(file, imageTypeOf(file));
      onChange((current) => current.map((p) => (p.key === photo.key ? { ...p, url } : p)));
    } catch (error) {
      drop(photo.key);
      if (handleUnauthorized(error)) return;
      const { status, message } = parseApiError(error);
      const text = status === 413 ? t('returns.photo_size') : status !== null && status >= 400 && status < 500 && message ? message : t('returns.photo_failed');
      toast({ variant: 'destructive', title: text });
    }
  };

  const pick = (event: ChangeEvent<HTMLInputElement>) => {
    const files = [...(event.target.files ?? [])].slice(0, RETURN_PHOTOS_MAX - photos.length);
    event.target.value = '';
    for (const file of files) void send(file);
  };

  return (
    <div className="space-y-2" role="group" aria-labelledby={ids.label} aria-describedby={ids.hint}>
      <p id={ids.label} className="text-sm font-semibold">
        {t('returns.photos')}
      </p>
      <p id={ids.hint} className="text-xs text-muted-foreground">
        {t('returns.photos_hint')}
      </p>
      <ul className="flex flex-wrap gap-2">
        {photos.map((photo, index) => (
          <li key={photo.key} className="relative size-20 overflow-hidden rounded-xl border">
            <img src={photo.preview} alt={t('returns.photo_n', { n: index + 1 })} className="size-full object-cover" />
            {photo.url ? null : (
              <span className="absolute inset-0 flex items-center justify-center bg-black/50 text-white" role="status" aria-label={t('returns.photo_uploading')}>
                <Loader2 className="size-5 animate-spin" aria-hidden="true" />
              </span>
            )}
            <button
              type="button"
              onClick={() => drop(photo.key)}
              aria-label={t('returns.remove_photo', { n: index + 1 })}
              className="absolute top-0.5 right-0.5 flex size-7 items-center justify-center rounded-full bg-black/60 text-white"
            >
              <X className="size-4" aria-hidden="true" />
            </button>
          </li>
        ))}
      </ul>
      {photos.length < RETURN_PHOTOS_MAX ? (
        <Button type="button" variant="outline" size="sm" onClick={() => input.current?.click()}>
          <Camera aria-hidden="true" />
          {t('returns.add_photo')}
        </Button>
      ) : null}
      {/* Visually hidden, not display:none (tests set its files); hidden from screen readers too, which have the button. */}
      <input ref={input} type="file" accept="image/*" multiple tabIndex={-1} aria-hidden="true" className="sr-only" aria-label={t('returns.add_photo')} onChange={pick} />
    </div>
  );
}
