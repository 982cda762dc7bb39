import { Loader2 } from 'lucide-react';
import type { ReactNode } from 'react';
import { Button } from './button';
import { Sheet } from './sheet';

type ConfirmSheetProps = {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  title: ReactNode;
  description: ReactNode;
  confirmLabel: ReactNode;
  cancelLabel: ReactNode;
  onConfirm: () => void;
  pending?: boolean;
};

/** A confirmation for a destructive action, as a bottom sheet (the phone's natural place for it). */
export function ConfirmSheet({ open, onOpenChange, title, description, confirmLabel, cancelLabel, onConfirm, pending }: ConfirmSheetProps) {
  return (
    <Sheet
      open={open}
      onOpenChange={onOpenChange}
      title={title}
      description={description}
      footer={
        <div className="flex gap-2">
          <Button variant="outline" className="flex-1" onClick={() => onOpenChange(false)} disabled={pending}>
            {cancelLabel}
          </Button>
          <Button variant="destructive" className="flex-1" onClick={onConfirm} disabled={pending} aria-busy={pending}>
            {pending ? <Loader2 className="animate-spin" aria-hidden="true" /> : null}
            {confirmLabel}
          </Button>
        </div>
      }
    >
      {null}
    </Sheet>
  );
}
