import '../product-form-i18n';
import { Camera, CheckCircle2, ImageIcon, Loader2, Trash2 } from 'lucide-react';
import { useEffect, useId, useRef, useState, type ChangeEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { PRODUCT_SESSION_EXPIRED_REDIRECT_MS } from '@live-market/contract/constants';
import { Button } from '@/components/ui/button';
import { Label } from '@/components/ui/label';
import { ProductImage } from '@/components/ui/product-image';
import { parseApiError } from '@/lib/api-client';
import { handleUnauthorized } from '@/lib/session';
import { toast } from '@/lib/toast';
import { useUploadProductImage } from '../api/upload-product-image';
import { useProductSessionNotice } from '../hooks/use-product-session-notice';
import { checkPhoto, imageTypeOf } from '@/lib/photos';

type ProductPhotoFieldProps = {
  /** The photo the product has now (edit mode). */
  savedUrl: string | null;
  /** The form's imageUrl: undefined unchanged, null removed, a string a new upload. */
  value: string | null | undefined;
  onChange: (imageUrl: string | null | undefined) => void;
  onUploadingChange: (uploading: boolean) => void;
  /** The field's name; 'Product photo' unless given (a show's thumbnail uses the same upload, issue 13). */
  label?: string;
};

/**
 * The product photo: take one with the camera (capture="environment") or choose one from the
 * gallery. It is checked here (type and size), previewed at once and uploaded straight away; the
 * answer's imageUrl goes into the form and is saved with the product.
 */
export function ProductPhotoField({ savedUrl, value, onChange, onUploadingChange, label }: ProductPhotoFieldProps) {
  const { t } = useTranslation();
  const ids = { camera: useId(), hint: useId(), status: useId() };
  const cameraRef = useRef<HTMLInputElement>(null);
  const galleryRef = useRef<HTMLInputElement>(null);
  const latest = useRef(0);
  const [preview, setPreview] = useState<string | null>(null);
  const [problem, setProblem] = useState<string | null>(null);
  const sessionNotice = useProductSessionNotice();
  const upload = useUploadProductImage();

  useEffect(() => (preview ? () => URL.revokeObjectURL(preview) : undefined), [preview]);

  const fail = (message: string) => {
    setProblem(message);
    toast({ variant: 'destructive', title: message });
  };

  const pick = async (event: ChangeEvent<HTMLInputElement>) => {
    const file = event.target.files?.[0];
    if (!file) return;
    const issue = checkPhoto(file);
    if (issue) {
      fail(t(`product_form.photo_${issue}`));
      return;
    }
    const request = ++latest.current;
    setProblem(null);
    setPreview(URL.createObjectURL(file));
    onUploadingChange(true);
    try {
      const image = await upload.mutateAsync({ file, contentType: imageTypeOf(file) });
      if (request === latest.current) onChange(image.imageUrl);
    } catch (error) {
      if (request !== latest.current) return;
      setPreview(null);
      if (handleUnauthorized(error, PRODUCT_SESSION_EXPIRED_REDIRECT_MS, sessionNotice)) return;
      const { status, message } = parseApiError(error);
      if (status === 413) fail(t('product_form.photo_size'));
      else if (status !== null && status >= 400 && status < 500 && message) fail(message);
      else fail(t('product_form.photo_failed'));
    } finally {
      if (request === latest.current) onUploadingChange(false);
    }
  };

  const remove = () => {
    latest.current++;
    setPreview(null);
    setProblem(null);
    onUploadingChange(false);
    onChange(savedUrl ? null : undefined);
  };

  const uploading = upload.isPending && preview !== null;
  const shown = preview ?? (value === undefined ? savedUrl : value);

  return (
    <div className="relative space-y-2">
      <Label htmlFor={ids.camera}>{label ?? t('product_form.photo')}</Label>
      <div className="flex gap-4">
        <div className="relative size-28 shrink-0 overflow-hidden rounded-2xl border">
          <ProductImage src={shown} className="size-full" />
          {uploading ? (
            <div className="absolute inset-0 flex flex-col items-center justify-center gap-1 bg-black/50 text-xs font-semibold text-white">
              <Loader2 className="size-6 animate-spin" aria-hidden="true" />
              {t('product_form.photo_uploading')}
            </div>
          ) : null}
        </div>
        <div className="flex min-w-0 flex-1 flex-col gap-2">
          <Button variant="outline" size="sm" onClick={() => cameraRef.current?.click()}>
            <Camera aria-hidden="true" />
            {t('product_form.take_photo')}
          </Button>
          <Button variant="outline" size="sm" onClick={() => galleryRef.current?.click()}>
            <ImageIcon aria-hidden="true" />
            {t('product_form.choose_gallery')}
          </Button>
          {shown ? (
            <Button variant="ghost" size="sm" onClick={remove}>
              <Trash2 aria-hidden="true" />
              {t('product_form.remove_photo')}
            </Button>
          ) : null}
        </div>
      </div>
      {/* Visually hidden, not display:none: the label still names them and tests can set their files. */}
      <input
        id={ids.camera}
        ref={cameraRef}
        type="file"
        accept="image/*"
        capture="environment"
        tabIndex={-1}
        className="sr-only"
        aria-describedby={`${ids.hint} ${ids.status}`}
        onChange={(event) => void pick(event)}
      />
      <input
        ref={galleryRef}
        type="file"
        accept="image/*"
        tabIndex={-1}
        className="sr-only"
        aria-label={t('product_form.choose_gallery')}
        onChange={(event) => void pick(event)}
      />
      <p id={ids.hint} className="text-xs text-muted-foreground">
        {t('product_form.photo_hint')}
      </p>
      <div id={ids.status} aria-live="polite" className="text-sm">
        {problem ? (
          <p role="alert" className="font-medium text-destructive">
            {problem}
          </p>
        ) : uploading ? (
          <p className="text-muted-foreground">{t('product_form.photo_uploading')}</p>
        ) : preview && !upload.isPending && typeof value === 'string' ? (
          <p className="inline-flex items-center gap-1 font-medium text-emerald-700">
            <CheckCircle2 className="size-4" aria-hidden="true" />
            {t('product_form.photo_uploaded')}
          </p>
        ) : null}
      </div>
    </div>
  );
}
