import { toAsciiDigits } from './digits.js';

/**
 * A buyer that is an organisation (a school account, or a company) paying a plan or team fees:
 * what ZATCA requires of a standard tax invoice's buyer (KSA-xx, BT-44..BT-55): its legal name,
 * its VAT number and its national address. With all of them, the invoice is a standard one (B2B,
 * cleared by Fatoora); without, a simplified one (reported).
 */
export interface BuyerAddress {
  /** Street name (BT-50). */
  street: string;
  /** Building number: four digits (KSA-17). */
  building: string;
  /** District (KSA-4, the city subdivision). */
  district: string;
  /** City (BT-52). */
  city: string;
  /** Postal code: five digits (BT-53). */
  postal_code: string;
}

/** The buyer on an order, copied when the order is opened. */
export interface OrderBuyer {
  name: string;
  vat_number: string;
  address: BuyerAddress;
}

export const BUYER_ADDRESS_FIELDS = ['street', 'building', 'district', 'city', 'postal_code'] as const;

/**
 * A Saudi VAT registration number: 15 digits, the first and the last 3 (ZATCA BR-KSA-39/40).
 * Arabic-Indic digits are read as ASCII. Answers the ASCII form, or null when it is not one.
 */
export function vatNumber(value: string | null | undefined): string | null {
  const v = toAsciiDigits(String(value ?? '').trim());
  return /^3\d{13}3$/.test(v) ? v : null;
}

/** Why an address field is refused (null: it is fine). Building: 4 digits; postal code: 5 digits. */
export function addressProblem(
  field: (typeof BUYER_ADDRESS_FIELDS)[number],
  value: string,
): 'required' | 'format' | null {
  const v = toAsciiDigits(value.trim());
  if (!v) return 'required';
  if (field === 'building') return /^\d{4}$/.test(v) ? null : 'format';
  if (field === 'postal_code') return /^\d{5}$/.test(v) ? null : 'format';
  return null;
}

/** The buyer of an organisation's order when it gave everything a standard invoice needs; else null. */
export function standardBuyer(e: {
  legal_name?: string | null;
  name?: string | null;
  tax_id?: string | null;
  address?: Partial<BuyerAddress> | null;
}): OrderBuyer | null {
  const vat = vatNumber(e.tax_id);
  const name = (e.legal_name || e.name || '').trim();
  const a = e.address;
  if (!vat || !name || !a) return null;
  for (const f of BUYER_ADDRESS_FIELDS) if (addressProblem(f, String(a[f] ?? ''))) return null;
  return {
    name,
    vat_number: vat,
    address: {
      street: a.street!.trim(),
      building: toAsciiDigits(a.building!.trim()),
      district: a.district!.trim(),
      city: a.city!.trim(),
      postal_code: toAsciiDigits(a.postal_code!.trim()),
    },
  };
}

/** A team of a school whose fee the school may pay now (`GET /api/school/team-fees`). */
export interface SchoolFeeTeam {
  _id: string;
  team_no: string;
  season: { _id: string; name: string; name_en: string };
  competition: { _id: string; name: string; name_en: string };
  amount: string;
  currency: string;
}
