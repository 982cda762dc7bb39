import '../i18n';
import { ChevronRight, ShieldCheck } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'wouter';

/** The profile's way into the console, for operators only (its own small chunk: nobody else loads it). */
export function AdminEntry() {
  const { t } = useTranslation();
  return (
    <Link href="/admin" className="mt-3 flex items-center gap-4 rounded-2xl border bg-card p-4 shadow-sm transition hover:bg-muted active:scale-[0.99]">
      <span className="flex size-11 shrink-0 items-center justify-center rounded-xl bg-secondary text-primary">
        <ShieldCheck className="size-5" aria-hidden="true" />
      </span>
      <span className="min-w-0 flex-1">
        <span className="block font-semibold">{t('admin.title')}</span>
        <span className="line-clamp-2 block text-sm text-muted-foreground">{t('admin.entry_body')}</span>
      </span>
      <ChevronRight className="size-5 text-muted-foreground" aria-hidden="true" />
    </Link>
  );
}
