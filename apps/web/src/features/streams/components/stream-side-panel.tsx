import { BarChart3, Gift, HelpCircle, MessageCircle } from 'lucide-react';
import { useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Tabs } from '@/components/ui/tabs';

export type SidePanelTab = 'chat' | 'poll' | 'quiz' | 'gifts';

export type EngagementPanels = { poll: ReactNode; quiz: ReactNode; gifts: ReactNode };

/** SPEC section 2/4: a side panel with four tabs, Chat (the default), Poll, Quiz and Gifts. */
export function StreamSidePanel({ chat, panels }: { chat: ReactNode; panels: EngagementPanels }) {
  const { t } = useTranslation();
  const [tab, setTab] = useState<SidePanelTab>('chat');
  return (
    <Tabs
      label={t('stream.panel_label')}
      value={tab}
      onValueChange={setTab}
      className="h-full"
      panelClassName="pt-3"
      items={[
        { key: 'chat', label: t('stream.tab_chat'), icon: <MessageCircle aria-hidden="true" />, content: chat },
        { key: 'poll', label: t('stream.tab_poll'), icon: <BarChart3 aria-hidden="true" />, content: panels.poll },
        { key: 'quiz', label: t('stream.tab_quiz'), icon: <HelpCircle aria-hidden="true" />, content: panels.quiz },
        { key: 'gifts', label: t('stream.tab_gifts'), icon: <Gift aria-hidden="true" />, content: panels.gifts },
      ]}
    />
  );
}
