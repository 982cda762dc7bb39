import 'virtual:english-load/start_stream';
import { CalendarPlus, Loader2, Radio } from 'lucide-react';
import { useEffect, useId, useState, type ReactNode } from 'react';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { translateValidation } from '@/lib/validation-message';
import { useLocation } from 'wouter';
import type { z } from 'zod';
import type { Product } from '@live-market/contract/products';
import type { CreateStreamBody } from '@live-market/contract/streams';
import '../shows-i18n';
import { Button } from '@/components/ui/button';
import { Input } from '@/components/ui/input';
import { Label } from '@/components/ui/label';
import { Sheet } from '@/components/ui/sheet';
import { Switch } from '@/components/ui/switch';
import { Textarea } from '@/components/ui/textarea';
import { parseApiError } from '@/lib/api-client';
import { lazyZodResolver } from '@/lib/lazy-zod-resolver';
import { handleUnauthorized } from '@/lib/session';
import { toast } from '@/lib/toast';
import { useCreateStream } from '../api/create-stream';
import { useCamera } from '../hooks/use-camera';
import { useOwnLanguage } from '../hooks/use-show-language';
import { startBroadcast } from '../media/live-broadcast';
import { checkShowTimeNow, defaultShowTime, istToInstant, type IstDateTime } from '../utils/schedule';
import { CameraPreview } from './camera-preview';
import { ScheduleFields, type ThumbnailFieldSlot } from './schedule-fields';
import { ShowLanguageSelect } from './show-language-select';

const resolver = lazyZodResolver<z.input<typeof CreateStreamBody>, z.output<typeof CreateStreamBody>>(() =>
  import('@live-market/contract/streams').then((m) => m.CreateStreamBody),
);

type StartStreamSheetProps = {
  /** The seller's user id: the broadcast joins the show's room as them. */
  userId: string;
  open: boolean;
  onOpenChange: (open: boolean) => void;
  onAlreadyLive?: () => void;
  /** The store's products, for the ones a scheduled show will feature (from the dashboard). */
  products?: Product[];
  /** The thumbnail photo field (the sellers feature's upload), composed by the dashboard. */
  renderThumbnailField?: (field: ThumbnailFieldSlot) => ReactNode;
  /** Opens with 'Schedule for later' already on (the dashboard's Schedule a show). */
  initiallyScheduling?: boolean;
};

/**
 * 'Start Live Stream': title, description, 'Record this show' (on unless switched off) and a camera
 * check, then POST /api/streams and on to the stream page. 'Schedule for later' (issue 13) swaps the
 * camera for a date and time in IST, a thumbnail and the products to feature, and announces the show.
 */
export function StartStreamSheet({ userId, open, onOpenChange, onAlreadyLive, products, renderThumbnailField, initiallyScheduling = false }: StartStreamSheetProps) {
  const { t } = useTranslation();
  const [, navigate] = useLocation();
  const ids = { title: useId(), description: useId(), form: useId(), schedule: useId(), record: useId(), recordHint: useId() };
  const [openedAt] = useState(() => Date.now());
  const [scheduling, setScheduling] = useState(initiallyScheduling);
  const [when, setWhen] = useState<IstDateTime>(() => defaultShowTime(openedAt));
  const [thumbnailUrl, setThumbnailUrl] = useState<string | undefined>(undefined);
  const [uploading, setUploading] = useState(false);
  const [productIds, setProductIds] = useState<string[]>([]);
  // Issue 29: the app's language now, unless the seller says the show is in another.
  const own = useOwnLanguage();
  const [language, setLanguage] = useState(own);
  // Scheduling needs no camera: it is switched off (and its light goes out) while the form plans a show.
  const camera = useCamera({ enabled: open && !scheduling });
  const { register, handleSubmit } = useForm({ resolver, defaultValues: { title: '', description: '', recording: true } });

  useEffect(() => {
    void resolver.preload();
  }, []);

  const mutation = useCreateStream({
    onSuccess: (stream) => {
      if (stream.scheduledFor) {
        toast({ title: t('shows.scheduled_toast'), description: t('shows.scheduled_toast_body') });
        onOpenChange(false);
        return;
      }
      // This same camera is published at once, for as long as the show lasts (not only while its page
      // is open): no second permission prompt, no flicker. Without one, the show's page opens it.
      const cameraStream = camera.release();
      if (cameraStream) startBroadcast({ streamId: stream.id, userId, camera: { stream: cameraStream, facingMode: camera.facingMode } });
      navigate(`/stream/${stream.id}`);
    },
    onError: (error) => {
      // SPEC section 8: stream creation on an expired session: 'Unauthorized', then sign-in after 0.5 s.
      if (handleUnauthorized(error)) return;
      const { status, userMessage } = parseApiError(error);
      if (status === 409) {
        toast({ variant: 'destructive', title: t('start_stream.create_failed'), description: t('start_stream.already_live') });
        onAlreadyLive?.();
        return;
      }
      // A refused schedule (too soon by the server's clock, a photo it does not know) says why.
      toast({ variant: 'destructive', title: scheduling ? t('shows.schedule_failed') : t('start_stream.create_failed'), description: status === 400 ? (userMessage ?? undefined) : undefined });
    },
  });

  const onSubmit = handleSubmit(
    (values) => {
      if (!scheduling) {
        mutation.mutate({ title: values.title, description: values.description, recording: values.recording, language });
        return;
      }
      const at = istToInstant(when);
      const problem = checkShowTimeNow(at);
      if (problem || !at) {
        toast({ variant: 'destructive', title: t(`shows.time_${problem ?? 'missing'}`) });
        return;
      }
      if (uploading) {
        toast({ variant: 'destructive', title: t('shows.wait_for_photo') });
        return;
      }
      mutation.mutate({
        title: values.title,
        description: values.description,
        recording: values.recording,
        scheduledFor: at.toISOString(),
        thumbnailUrl,
        productIds: productIds.length > 0 ? productIds : undefined,
        language,
      });
    },
    (errors) => {
      // SPEC section 5: 'Please enter a stream title', shown as a destructive notice.
      const message = errors.title?.message ?? errors.description?.message;
      if (message) toast({ variant: 'destructive', title: translateValidation(t, message) });
    },
  );

  const busy = mutation.isPending || (mutation.isSuccess && !scheduling);

  return (
    <Sheet
      open={open}
      onOpenChange={onOpenChange}
      title={t('start_stream.title')}
      description={scheduling ? t('shows.schedule_description') : t('start_stream.description')}
      footer={
        <Button type="submit" form={ids.form} size="lg" className="w-full" disabled={busy} aria-busy={mutation.isPending}>
          {mutation.isPending ? <Loader2 className="animate-spin" aria-hidden="true" /> : scheduling ? <CalendarPlus aria-hidden="true" /> : <Radio aria-hidden="true" />}
          {scheduling ? (mutation.isPending ? t('shows.scheduling') : t('shows.schedule_show')) : mutation.isPending ? t('start_stream.going_live') : t('start_stream.go_live')}
        </Button>
      }
    >
      <form id={ids.form} onSubmit={onSubmit} noValidate className="space-y-4">
        <label htmlFor={ids.schedule} className="flex min-h-12 items-center justify-between gap-4 rounded-xl border bg-muted/40 px-4 py-2">
          <span className="text-sm font-semibold">{t('shows.schedule_for_later')}</span>
          <Switch id={ids.schedule} checked={scheduling} onChange={(event) => setScheduling(event.target.checked)} />
        </label>
        {scheduling ? null : <CameraPreview camera={camera} />}
        <div className="space-y-2">
          <Label htmlFor={ids.title}>{t('start_stream.stream_title')}</Label>
          <Input id={ids.title} placeholder={t('start_stream.stream_title_placeholder')} autoComplete="off" {...register('title')} />
        </div>
        <div className="space-y-2">
          <Label htmlFor={ids.description}>{t('start_stream.stream_description')}</Label>
          <Textarea id={ids.description} rows={3} placeholder={t('start_stream.stream_description_placeholder')} {...register('description')} />
        </div>
        <ShowLanguageSelect value={language} onChange={setLanguage} />
        {scheduling ? (
          <ScheduleFields
            when={when}
            onWhenChange={setWhen}
            now={openedAt}
            thumbnail={renderThumbnailField?.({ value: thumbnailUrl, onChange: setThumbnailUrl, onUploadingChange: setUploading, label: t('shows.thumbnail') })}
            products={products}
            productIds={productIds}
            onProductIdsChange={setProductIds}
          />
        ) : null}
        <div className="flex items-start justify-between gap-4">
          <div className="min-w-0">
            <Label htmlFor={ids.record}>{t('shows.record_show')}</Label>
            <p id={ids.recordHint} className="mt-1 text-xs text-muted-foreground">
              {t('shows.record_show_hint')}
            </p>
          </div>
          <Switch id={ids.record} aria-describedby={ids.recordHint} {...register('recording')} />
        </div>
      </form>
    </Sheet>
  );
}
