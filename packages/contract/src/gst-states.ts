// GST state codes (the first two digits of a GSTIN), as the GST portal lists them; 97 is "Other Territory".
export const GST_STATES: ReadonlyArray<{ code: string; name: string }> = [
  { code: '01', name: 'Jammu and Kashmir' },
  { code: '02', name: 'Himachal Pradesh' },
  { code: '03', name: 'Punjab' },
  { code: '04', name: 'Chandigarh' },
  { code: '05', name: 'Uttarakhand' },
  { code: '06', name: 'Haryana' },
  { code: '07', name: 'Delhi' },
  { code: '08', name: 'Rajasthan' },
  { code: '09', name: 'Uttar Pradesh' },
  { code: '10', name: 'Bihar' },
  { code: '11', name: 'Sikkim' },
  { code: '12', name: 'Arunachal Pradesh' },
  { code: '13', name: 'Nagaland' },
  { code: '14', name: 'Manipur' },
  { code: '15', name: 'Mizoram' },
  { code: '16', name: 'Tripura' },
  { code: '17', name: 'Meghalaya' },
  { code: '18', name: 'Assam' },
  { code: '19', name: 'West Bengal' },
  { code: '20', name: 'Jharkhand' },
  { code: '21', name: 'Odisha' },
  { code: '22', name: 'Chhattisgarh' },
  { code: '23', name: 'Madhya Pradesh' },
  { code: '24', name: 'Gujarat' },
  { code: '26', name: 'Dadra and Nagar Haveli and Daman and Diu' },
  { code: '27', name: 'Maharashtra' },
  { code: '29', name: 'Karnataka' },
  { code: '30', name: 'Goa' },
  { code: '31', name: 'Lakshadweep' },
  { code: '32', name: 'Kerala' },
  { code: '33', name: 'Tamil Nadu' },
  { code: '34', name: 'Puducherry' },
  { code: '35', name: 'Andaman and Nicobar Islands' },
  { code: '36', name: 'Telangana' },
  { code: '37', name: 'Andhra Pradesh' },
  { code: '38', name: 'Ladakh' },
  { code: '97', name: 'Other Territory' },
];

// Older and common spellings people type in an address, keyed as `key` writes them.
const ALIASES: Record<string, string> = {
  orissa: '21',
  pondicherry: '34',
  nctofdelhi: '07',
  nationalcapitalterritoryofdelhi: '07',
  newdelhi: '07',
  jandk: '01',
  uttaranchal: '05',
  chattisgarh: '22',
  andamanandnicobar: '35',
  dadraandnagarhaveli: '26',
  damananddiu: '26',
};

// Case, spaces and punctuation do not matter ("TamilNadu", "tamil nadu.", "Jammu & Kashmir").
const key = (s: string) => s.toLowerCase().replace(/&/g, 'and').replace(/[^a-z]/g, '');
const BY_NAME = new Map(GST_STATES.map((s) => [key(s.name), s.code]));

export function gstStateName(code: string): string | null {
  return GST_STATES.find((s) => s.code === code)?.name ?? null;
}

/** The GST state code of a state as written in an address ("Tamil Nadu", "orissa"), or null. */
export function gstStateCodeOf(name: string): string | null {
  const k = key(name);
  return BY_NAME.get(k) ?? ALIASES[k] ?? null;
}
