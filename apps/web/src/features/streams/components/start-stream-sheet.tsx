import { Loader2, Radio } from 'lucide-react';
import { useEffect, useId } from 'react';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { translateValidation } from '@/lib/validation-message';
import { useLocation } from 'wouter';
import type { z } from 'zod';
import type { CreateStreamBody } from '@live-market/contract/streams';
import { Button } from '@/components/ui/button';
import { Input } from '@/components/ui/input';
import { Label } from '@/components/ui/label';
import { Sheet } from '@/components/ui/sheet';
import { Textarea } from '@/components/ui/textarea';
import { parseApiError } from '@/lib/api-client';
import { lazyZodResolver } from '@/lib/lazy-zod-resolver';
import { handleUnauthorized } from '@/lib/session';
import { toast } from '@/lib/toast';
import { useCreateStream } from '../api/create-stream';
import { useCamera } from '../hooks/use-camera';
import { handOffCamera } from '../media/camera-handoff';
import { CameraPreview } from './camera-preview';

const resolver = lazyZodResolver<z.input<typeof CreateStreamBody>, z.output<typeof CreateStreamBody>>(() =>
  import('@live-market/contract/streams').then((m) => m.CreateStreamBody),
);

type StartStreamSheetProps = { open: boolean; onOpenChange: (open: boolean) => void; onAlreadyLive?: () => void };

/** 'Start Live Stream': title, description and a camera check, then POST /api/streams and on to the stream page. */
export function StartStreamSheet({ open, onOpenChange, onAlreadyLive }: StartStreamSheetProps) {
  const { t } = useTranslation();
  const [, navigate] = useLocation();
  const ids = { title: useId(), description: useId(), form: useId() };
  const camera = useCamera({ enabled: open });
  const { register, handleSubmit } = useForm({ resolver, defaultValues: { title: '', description: '' } });

  useEffect(() => {
    void resolver.preload();
  }, []);

  const mutation = useCreateStream({
    onSuccess: (stream) => {
      // The stream page publishes this same camera: no second permission prompt, no flicker.
      const cameraStream = camera.release();
      if (cameraStream) handOffCamera(stream.id, cameraStream, camera.facingMode);
      navigate(`/stream/${stream.id}`);
    },
    onError: (error) => {
      // SPEC section 8: stream creation on an expired session: 'Unauthorized', then sign-in after 0.5 s.
      if (handleUnauthorized(error)) return;
      if (parseApiError(error).status === 409) {
        toast({ variant: 'destructive', title: t('start_stream.create_failed'), description: t('start_stream.already_live') });
        onAlreadyLive?.();
        return;
      }
      toast({ variant: 'destructive', title: t('start_stream.create_failed') });
    },
  });

  const onSubmit = handleSubmit(
    (values) => mutation.mutate(values),
    (errors) => {
      // SPEC section 5: 'Please enter a stream title', shown as a destructive notice.
      const message = errors.title?.message ?? errors.description?.message;
      if (message) toast({ variant: 'destructive', title: translateValidation(t, message) });
    },
  );

  return (
    <Sheet
      open={open}
      onOpenChange={onOpenChange}
      title={t('start_stream.title')}
      description={t('start_stream.description')}
      footer={
        <Button type="submit" form={ids.form} size="lg" className="w-full" disabled={mutation.isPending || mutation.isSuccess} aria-busy={mutation.isPending}>
          {mutation.isPending ? <Loader2 className="animate-spin" aria-hidden="true" /> : <Radio aria-hidden="true" />}
          {mutation.isPending ? t('start_stream.going_live') : t('start_stream.go_live')}
        </Button>
      }
    >
      <form id={ids.form} onSubmit={onSubmit} noValidate className="space-y-4">
        <CameraPreview camera={camera} />
        <div className="space-y-2">
          <Label htmlFor={ids.title}>{t('start_stream.stream_title')}</Label>
          <Input id={ids.title} placeholder={t('start_stream.stream_title_placeholder')} autoComplete="off" {...register('title')} />
        </div>
        <div className="space-y-2">
          <Label htmlFor={ids.description}>{t('start_stream.stream_description')}</Label>
          <Textarea id={ids.description} rows={3} placeholder={t('start_stream.stream_description_placeholder')} {...register('description')} />
        </div>
      </form>
    </Sheet>
  );
}
