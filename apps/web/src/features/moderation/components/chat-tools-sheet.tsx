import { Flag, SlidersHorizontal } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Sheet } from '@/components/ui/sheet';
import { Tabs } from '@/components/ui/tabs';
import { useReportedMessages } from '../api/get-reported-messages';
import { ChatSettingsForm } from './chat-settings-form';
import type { ChatToolsProps, ChatToolsTab } from './chat-tools-types';
import { ReportedMessages } from './reported-messages';

type ChatToolsSheetProps = ChatToolsProps & {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  tab: ChatToolsTab;
  onTabChange: (tab: ChatToolsTab) => void;
};

/** The chat tools' sheet: the reported messages (most reported first) and the chat settings. */
export function ChatToolsSheet({ open, onOpenChange, tab, onTabChange, ...tools }: ChatToolsSheetProps) {
  const { t } = useTranslation();
  const count = useReportedMessages(tools.streamId).data?.length ?? 0;
  return (
    <Sheet open={open} onOpenChange={onOpenChange} title={t('moderation.tools')}>
      <Tabs
        label={t('moderation.tools')}
        value={tab}
        onValueChange={onTabChange}
        panelClassName="pt-4"
        items={[
          {
            key: 'reports',
            label: count > 0 ? `${t('moderation.tab_reports')} (${count})` : t('moderation.tab_reports'),
            icon: <Flag aria-hidden="true" />,
            content: <ReportedMessages {...tools} />,
          },
          {
            key: 'settings',
            label: t('moderation.tab_settings'),
            icon: <SlidersHorizontal aria-hidden="true" />,
            content: <ChatSettingsForm streamId={tools.streamId} settings={tools.settings} onSaved={tools.onSettingsSaved} />,
          },
        ]}
      />
    </Sheet>
  );
}
