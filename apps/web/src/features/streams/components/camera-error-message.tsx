import { useTranslation } from 'react-i18next';
import type { CameraErrorKind } from '../media/camera';

const KEYS = {
  denied: 'stream.camera_denied',
  unavailable: 'stream.camera_unavailable',
  insecure: 'stream.camera_insecure',
  failed: 'stream.camera_failed',
} as const;

/** Why the camera is not showing, in words a seller can act on. */
export function useCameraErrorText(kind: CameraErrorKind | null): string | null {
  const { t } = useTranslation();
  return kind ? t(KEYS[kind]) : null;
}
