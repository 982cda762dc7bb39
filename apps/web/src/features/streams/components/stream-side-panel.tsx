import { BarChart3, Gift, HelpCircle, MessageCircle } from 'lucide-react';
import { Suspense, useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Skeleton } from '@/components/ui/skeleton';
import { Tabs } from '@/components/ui/tabs';

export type SidePanelTab = 'chat' | 'poll' | 'quiz' | 'gifts';

export type EngagementPanels = {
  poll: ReactNode;
  quiz: ReactNode;
  gifts: ReactNode;
  /** Issue 25: a mark on the Poll or Quiz tab's icon while one awaits the viewer (the engagement feature's). */
  badges?: { poll?: ReactNode; quiz?: ReactNode };
  /** Issue 25: the chat's lines for a running poll or quiz; tapping one opens its tab. */
  chatInvites?: (openTab: (tab: SidePanelTab) => void) => ReactNode;
};

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
export function StreamSidePanel({ chat, panels }: { chat: (openTab: (tab: SidePanelTab) => void) => ReactNode; panels: EngagementPanels }) {
  const { t } = useTranslation();
  const [tab, setTab] = useState<SidePanelTab>('chat');
  // One boundary per tab (keyed), so a tab still loading never keeps the previous tab's panel around.
  // The badge sits on the icon, so no label grows wider; the tab that is open needs none.
  const marked = (icon: ReactNode, badge: ReactNode, key: SidePanelTab) => (
    <span className="relative inline-flex">
      {icon}
      {tab === key ? null : badge}
    </span>
  );
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
        { key: 'chat', label: t('stream.tab_chat'), icon: <MessageCircle aria-hidden="true" />, content: chat(setTab) },
        { key: 'poll', label: t('stream.tab_poll'), icon: marked(<BarChart3 aria-hidden="true" />, panels.badges?.poll, 'poll'), content: lazyPanel('poll', panels.poll) },
        { key: 'quiz', label: t('stream.tab_quiz'), icon: marked(<HelpCircle aria-hidden="true" />, panels.badges?.quiz, 'quiz'), content: lazyPanel('quiz', panels.quiz) },
        { key: 'gifts', label: t('stream.tab_gifts'), icon: <Gift aria-hidden="true" />, content: lazyPanel('gifts', panels.gifts) },
      ]}
    />
  );
}
