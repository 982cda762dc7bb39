import { LanguagePicker } from '@/features/i18n/components/language-picker';
import { LandingPage } from '@/features/landing/components/landing-page';

export function LandingRoute() {
  return <LandingPage languagePicker={<LanguagePicker compact />} />;
}
