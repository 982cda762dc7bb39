import '@/features/money/i18n';
import { ChevronRight, Landmark } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'wouter';
import { usePayoutAccount } from '../api/get-payout-account';

/**
 * Issue 26: a seller with no payout account is reminded (on the dashboard, and on the money page).
 * `href` is where "Add" leads: the money page from the dashboard, the form's anchor on the page itself.
 * Nothing shows while the account loads, or if it cannot be read: a wrong reminder is worse than none.
 */
export function PayoutAccountReminder({ href }: { href: string }) {
  const { t } = useTranslation();
  const { data: account } = usePayoutAccount();
  if (account !== null) return null;
  const body = (
    <>
      <span className="flex size-10 shrink-0 items-center justify-center rounded-xl bg-amber-100 text-amber-800">
        <Landmark className="size-5" aria-hidden="true" />
      </span>
      <span className="min-w-0 flex-1">
        <span className="block font-semibold">{t('money.reminder_title')}</span>
        <span className="block text-sm text-amber-900">{t('money.reminder_body')}</span>
      </span>
      <ChevronRight className="size-5 shrink-0" aria-hidden="true" />
    </>
  );
  const className = 'flex items-center gap-3 rounded-[var(--radius-card)] border border-amber-300 bg-amber-50 p-4 text-amber-950 shadow-sm hover:bg-amber-100';
  // An in-page anchor is a plain link; another page goes through the router.
  return (
    <aside aria-label={t('money.reminder_title')}>
      {href.startsWith('#') ? (
        <a href={href} className={className}>
          {body}
        </a>
      ) : (
        <Link href={href} className={className}>
          {body}
        </Link>
      )}
    </aside>
  );
}
