import 'virtual:english-load/checkout';
import { useTranslation } from 'react-i18next';
import type { Address } from '@live-market/contract/orders';
import { AddressForm as AddressFields } from '@/components/address-form';
import { parseApiError } from '@/lib/api-client';
import { handleUnauthorized } from '@/lib/session';
import { toast } from '@/lib/toast';
import { useCreateAddress } from '../api/create-address';
import type { BuyerContact } from '../utils/buyer-contact';

type AddressFormProps = {
  onSaved: (address: Address) => void;
  onCancel?: () => void;
  /** The account's name and mobile number (issue 25): filled in, still editable for someone else. */
  contact?: BuyerContact;
};

/** A new delivery address, saved to the shopper's list. */
export function AddressForm({ onSaved, onCancel, contact }: AddressFormProps) {
  const { t } = useTranslation();
  const mutation = useCreateAddress({
    onSuccess: onSaved,
    onError: (error) => {
      if (handleUnauthorized(error)) return;
      // Issue 27: an unknown PIN code, or one of another state, comes back in the server's words.
      toast({ variant: 'destructive', title: t('checkout.address_failed'), description: parseApiError(error).userMessage ?? t('checkout.try_again') });
    },
  });
  return (
    <AddressFields
      label={t('checkout.new_address')}
      submitLabel={t('checkout.save_address')}
      pending={mutation.isPending}
      onSubmit={(body) => mutation.mutate(body)}
      onCancel={onCancel}
      defaultValues={contact}
    />
  );
}
