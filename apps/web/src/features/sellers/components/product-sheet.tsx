import '../product-form-i18n';
import { Loader2, Save } from 'lucide-react';
import { useCallback, useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { Product } from '@live-market/contract/products';
import { Button } from '@/components/ui/button';
import { Sheet } from '@/components/ui/sheet';
import { ProductForm } from './product-form';

type ProductSheetProps = {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  /** null: Add Product (create mode); a product: Edit Product (edit mode). */
  product: Product | null;
  storeCategory: string | null;
  /** Changes on every opening, so the form starts afresh from the product's values. */
  formKey: number;
  onSaved?: (product: Product) => void;
};

/** SPEC section 2: Add/Edit Product opens as a bottom sheet. */
export function ProductSheet({ open, onOpenChange, product, storeCategory, formKey, onSaved }: ProductSheetProps) {
  const { t } = useTranslation();
  const formId = useId();
  const [busy, setBusy] = useState(false);
  const onBusyChange = useCallback((next: boolean) => setBusy(next), []);
  return (
    <Sheet
      open={open}
      onOpenChange={onOpenChange}
      title={product ? t('product_form.edit_title') : t('product_form.add_title')}
      description={t('product_form.sheet_description')}
      hideDescription
      footer={
        <Button type="submit" form={formId} size="lg" className="w-full" disabled={busy} aria-busy={busy}>
          {busy ? <Loader2 className="animate-spin" aria-hidden="true" /> : <Save aria-hidden="true" />}
          {t('product_form.save')}
        </Button>
      }
    >
      <ProductForm key={formKey} formId={formId} product={product} storeCategory={storeCategory} onSaved={(saved) => {
          onOpenChange(false);
          onSaved?.(saved);
        }} onBusyChange={onBusyChange} />
    </Sheet>
  );
}
