import type { ReactNode } from 'react';
import { Badge } from '@/components/ui/badge';
import { VideoTopBar } from './video-top-bar';

/** The top bar of a show that is not live (upcoming, replay): back, and a badge saying which. */
export function ShowTopBar({ isOwner, icon, label }: { isOwner: boolean; icon: ReactNode; label: string }) {
  return (
    <VideoTopBar
      backTo={isOwner ? '/seller/dashboard' : '/'}
      isLive={false}
      viewerCount={0}
      label={
        <Badge variant="upcoming" className="shadow">
          {icon}
          {label}
        </Badge>
      }
    />
  );
}
