import { BarChart3, Gift, HelpCircle, MessageCircle } from 'lucide-react';
import { Suspense, useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Skeleton } from '@/components/ui/skeleton';
import { Tabs } from '@/components/ui/tabs';

export type SidePanelTab = 'chat' | 'poll' | 'quiz' | 'gifts';

export type EngagementPanels = { poll: ReactNode; quiz: ReactNode; gifts: ReactNode };

/** Shown while a tab's code loads (the Poll, Quiz and Gifts panels load on first selection): the panels' own loading shape. */
function PanelLoading() {
  const { t } = useTranslation();
  return (
    <div role="status" aria-busy="true" aria-label={t('common.loading')}>
      <Skeleton className="h-40 w-full" />
    </div>
  );
}

/**
 * SPEC section 2/4: a side panel with four tabs, Chat (the default), Poll, Quiz and Gifts. The
 * engagement panels may be lazy components: each suspends inside its own tab, never the page.
 */
export function StreamSidePanel({ chat, panels }: { chat: ReactNode; panels: EngagementPanels }) {
  const { t } = useTranslation();
  const [tab, setTab] = useState<SidePanelTab>('chat');
  // One boundary per tab (keyed), so a tab still loading never keeps the previous tab's panel around.
  const lazyPanel = (key: SidePanelTab, content: ReactNode) => (
    <Suspense key={key} fallback={<PanelLoading />}>
      {content}
    </Suspense>
  );
  return (
    <Tabs
      label={t('stream.panel_label')}
      value={tab}
      onValueChange={setTab}
      className="h-full"
      panelClassName="pt-3"
      items={[
        { key: 'chat', label: t('stream.tab_chat'), icon: <MessageCircle aria-hidden="true" />, content: chat },
        { key: 'poll', label: t('stream.tab_poll'), icon: <BarChart3 aria-hidden="true" />, content: lazyPanel('poll', panels.poll) },
        { key: 'quiz', label: t('stream.tab_quiz'), icon: <HelpCircle aria-hidden="true" />, content: lazyPanel('quiz', panels.quiz) },
        { key: 'gifts', label: t('stream.tab_gifts'), icon: <Gift aria-hidden="true" />, content: lazyPanel('gifts', panels.gifts) },
      ]}
    />
  );
}
