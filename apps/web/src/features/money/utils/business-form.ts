import type { Resolver } from 'react-hook-form';
import type { BusinessDetails, BusinessDetailsBody } from '@live-market/contract/money';
import { issuesToErrors } from './form-errors';

export type TaxIdKind = 'gstin' | 'enrolment';
export type BusinessFormValues = {
  legalName: string;
  address: string;
  stateCode: string;
  taxId: TaxIdKind;
  gstin: string;
  enrolmentNumber: string;
  pan: string;
};

export function businessFormDefaults(details: BusinessDetails | null): BusinessFormValues {
  return {
    legalName: details?.legalName ?? '',
    address: details?.address ?? '',
    stateCode: details?.stateCode ?? '',
    taxId: details && !details.gstin && details.enrolmentNumber ? 'enrolment' : 'gstin',
    gstin: details?.gstin ?? '',
    enrolmentNumber: details?.enrolmentNumber ?? '',
    pan: details?.pan ?? '',
  };
}

/** The body: only the chosen tax id, and no empty optional field (an empty string is not a GSTIN). */
export function businessBody(values: BusinessFormValues): Record<string, string> {
  const body: Record<string, string> = { legalName: values.legalName, address: values.address, stateCode: values.stateCode };
  const gstin = values.gstin.trim();
  const enrolment = values.enrolmentNumber.trim();
  if (values.taxId === 'gstin' && gstin) body.gstin = gstin;
  if (values.taxId === 'enrolment' && enrolment) body.enrolmentNumber = enrolment;
  if (values.pan.trim()) body.pan = values.pan.trim();
  return body;
}

/** Checks the form with the contract's BusinessDetailsBody, loaded with the first check. */
export const businessResolver: Resolver<BusinessFormValues, unknown, BusinessDetailsBody> = async (values) => {
  const { BusinessDetailsBody } = await import('@live-market/contract/money');
  const result = BusinessDetailsBody.safeParse(businessBody(values));
  if (result.success) return { values: result.data, errors: {} };
  const errors = issuesToErrors<BusinessFormValues>(result.error.issues);
  // "Enter your GSTIN or GST enrolment number" sits on gstin; with an enrolment number chosen, show it there.
  if (values.taxId === 'enrolment' && errors.gstin) {
    errors.enrolmentNumber = errors.gstin;
    delete errors.gstin;
  }
  return { values: {}, errors };
};
