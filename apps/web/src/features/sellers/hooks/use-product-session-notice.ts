import '../product-form-i18n';
import { useTranslation } from 'react-i18next';
import type { SessionExpiredNotice } from '@/lib/session';

/** SPEC section 8: a product save on an expired session says 'Session Expired - Please log in again to continue editing products'. */
export function useProductSessionNotice(): SessionExpiredNotice {
  const { t } = useTranslation();
  return { title: t('product_form.session_expired_title'), description: t('product_form.session_expired_description') };
}
