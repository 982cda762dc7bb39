import 'virtual:english-load/profile';
import { ChevronRight, Download } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { promptInstall, useCanInstall } from '@/lib/install-prompt';

/** "Install app", shown only while the browser offers to install (Chromium's beforeinstallprompt). */
export function InstallAppEntry() {
  const { t } = useTranslation();
  if (!useCanInstall()) return null;
  return (
    <li>
      <button
        type="button"
        onClick={() => void promptInstall()}
        className="flex w-full items-center gap-4 rounded-2xl border bg-card p-4 text-left shadow-sm transition hover:bg-muted active:scale-[0.99]"
      >
        <span className="flex size-11 shrink-0 items-center justify-center rounded-xl bg-secondary text-primary">
          <Download className="size-5" aria-hidden="true" />
        </span>
        <span className="min-w-0 flex-1">
          <span className="block font-semibold">{t('profile.install_app')}</span>
          <span className="line-clamp-2 block text-sm text-muted-foreground">{t('profile.install_app_body')}</span>
        </span>
        <ChevronRight className="size-5 text-muted-foreground" aria-hidden="true" />
      </button>
    </li>
  );
}
