import '../i18n';
import { Search, ShieldCheck } from 'lucide-react';
import { useId, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { AdminUsersQuery, type AdminUser } from '@live-market/contract/admin';
import { Button } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { Input } from '@/components/ui/input';
import { Label } from '@/components/ui/label';
import { formatDate } from '@/lib/format-date';
import { useAdminUsers, usePersonAction, type PersonAction } from '../api/users';
import { toastDone } from '../utils/notify';
import { QueueBody } from './queue-body';
import { ReasonSheet } from './reason-sheet';

const ACTION_TEXT = {
  suspend: { title: 'admin.suspend_title', body: 'admin.suspend_body', confirm: 'admin.suspend', done: 'admin.suspended_done' },
  restore: { title: 'admin.restore_title', body: 'admin.restore_body', confirm: 'admin.restore', done: 'admin.restored_done' },
  hold: { title: 'admin.hold_title', body: 'admin.hold_body', confirm: 'admin.hold_payouts', done: 'admin.held_done' },
  release: { title: 'admin.release_title', body: 'admin.release_body', confirm: 'admin.release_payouts', done: 'admin.released_done' },
} as const satisfies Record<PersonAction, Record<string, `admin.${string}`>>;

function Flagged({ tone, text }: { tone: 'red' | 'amber'; text: string }) {
  return <p className={tone === 'red' ? 'rounded-xl bg-red-50 px-3 py-2 break-words text-red-800' : 'rounded-xl bg-amber-50 px-3 py-2 break-words text-amber-900'}>{text}</p>;
}

function PersonCard({ user, onAction }: { user: AdminUser; onAction: (action: PersonAction) => void }) {
  const { t } = useTranslation();
  return (
    <Card className="space-y-3 p-4 text-sm" aria-label={user.name}>
      <div className="flex items-start justify-between gap-2">
        <div className="min-w-0">
          <h3 className="font-semibold break-words">{user.name}</h3>
          <p className="text-xs break-words text-muted-foreground">
            {[user.phone, user.storeName, t('admin.joined', { date: formatDate(user.createdAt) })].filter(Boolean).join(' · ')}
          </p>
        </div>
        {user.isOperator ? (
          <span className="inline-flex shrink-0 items-center gap-1 rounded-full bg-sky-100 px-2 py-0.5 text-xs font-semibold text-sky-800">
            <ShieldCheck className="size-3.5" aria-hidden="true" />
            {t('admin.operator')}
          </span>
        ) : null}
      </div>
      {user.suspended ? <Flagged tone="red" text={t('admin.suspended_since', { date: formatDate(user.suspended.at), reason: user.suspended.reason })} /> : null}
      {user.payoutsHeld ? <Flagged tone="amber" text={t('admin.held_since', { date: formatDate(user.payoutsHeld.at), reason: user.payoutsHeld.reason })} /> : null}
      <div className="grid grid-cols-2 gap-2">
        {user.suspended ? (
          <Button size="sm" variant="outline" onClick={() => onAction('restore')}>
            {t('admin.restore')}
          </Button>
        ) : (
          <Button size="sm" variant="destructive" onClick={() => onAction('suspend')}>
            {t('admin.suspend')}
          </Button>
        )}
        {user.sellerId ? (
          <Button size="sm" variant="outline" onClick={() => onAction(user.payoutsHeld ? 'release' : 'hold')}>
            {user.payoutsHeld ? t('admin.release_payouts') : t('admin.hold_payouts')}
          </Button>
        ) : null}
      </div>
    </Card>
  );
}

/** Find a person by phone (the last digits do), name or store name; suspend or restore them, hold or release a seller's payouts. */
export function PeopleSearch() {
  const { t } = useTranslation();
  const fieldId = useId();
  const [text, setText] = useState('');
  const [q, setQ] = useState('');
  const [invalid, setInvalid] = useState(false);
  const query = useAdminUsers(q);
  const act = usePersonAction();
  const [acting, setActing] = useState<{ user: AdminUser; action: PersonAction } | null>(null);
  const search = (event: FormEvent) => {
    event.preventDefault();
    const checked = AdminUsersQuery.safeParse({ q: text });
    setInvalid(!checked.success);
    if (checked.success) setQ(checked.data.q);
  };
  const words = acting ? ACTION_TEXT[acting.action] : null;
  // A suspension is the person's; a payout hold is their store's.
  const who = acting ? ((acting.action === 'hold' || acting.action === 'release' ? acting.user.storeName : null) ?? acting.user.name) : '';
  return (
    <div className="space-y-4">
      <form role="search" onSubmit={search} className="space-y-2" noValidate>
        <Label htmlFor={fieldId}>{t('admin.search_label')}</Label>
        <div className="flex gap-2">
          <Input id={fieldId} type="search" inputMode="search" autoComplete="off" placeholder={t('admin.search_placeholder')} value={text} onChange={(event) => setText(event.target.value)} aria-invalid={invalid || undefined} />
          <Button type="submit" size="icon" className="shrink-0 rounded-xl">
            <Search aria-hidden="true" />
            <span className="sr-only">{t('admin.search')}</span>
          </Button>
        </div>
        {invalid ? (
          <p role="alert" className="text-sm font-medium text-destructive">
            {t('admin.search_error')}
          </p>
        ) : null}
      </form>
      {q ? (
        <QueueBody query={query} label={t('admin.sections.people')} empty={t('admin.people_empty')}>
          {(user) => (
            <li key={user.id}>
              <PersonCard user={user} onAction={(action) => setActing({ user, action })} />
            </li>
          )}
        </QueueBody>
      ) : null}
      {acting && words ? (
        <ReasonSheet
          key={`${acting.user.id}-${acting.action}`}
          open
          onOpenChange={(open) => !open && setActing(null)}
          title={t(words.title, { name: who })}
          description={t(words.body)}
          confirmLabel={t(words.confirm)}
          destructive={acting.action === 'suspend' || acting.action === 'hold'}
          pending={act.isPending}
          onConfirm={(reason) =>
            act
              .mutateAsync({ user: acting.user, action: acting.action, reason })
              .then(() => {
                toastDone(t(words.done, { name: who }));
                setActing(null);
              })
          }
        />
      ) : null}
    </div>
  );
}
