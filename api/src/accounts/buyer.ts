import { addressProblem, BUYER_ADDRESS_FIELDS, toAsciiDigits, vatNumber, type BuyerAddress } from '@platform/contract';
import { AppError } from '../common/app-error';
import type { BuyerAddressDto } from './profile.dto';

/**
 * An entity's national address from the form: all five fields empty is no address; otherwise each
 * is required, the building number 4 digits and the postal code 5 (Arabic-Indic read as ASCII).
 */
export function buyerAddress(a: BuyerAddressDto): BuyerAddress | null {
  const value = (f: (typeof BUYER_ADDRESS_FIELDS)[number]) => String(a[f] ?? '').trim();
  if (BUYER_ADDRESS_FIELDS.every((f) => !value(f))) return null;
  for (const f of BUYER_ADDRESS_FIELDS) {
    const problem = addressProblem(f, value(f));
    if (problem === 'required') throw new AppError(400, 'account.address_incomplete', {}, `address.${f}`);
    if (problem === 'format')
      throw new AppError(
        400,
        f === 'building' ? 'account.bad_building_number' : 'account.bad_postal_code',
        {},
        `address.${f}`,
      );
  }
  return {
    street: value('street'),
    building: toAsciiDigits(value('building')),
    district: value('district'),
    city: value('city'),
    postal_code: toAsciiDigits(value('postal_code')),
  };
}

/**
 * An entity's VAT number as typed (Arabic-Indic digits read): refused unless it is one (15 digits,
 * the first and the last 3); '' or null clears it. A value equal to `current` is kept as it is (an
 * old one from before the check, sent back unchanged by a form).
 */
export function checkedVatNumber(value: string | null | undefined, current: string | null): string | null {
  if (!value) return null;
  if (value === current) return current;
  const vat = vatNumber(value);
  if (!vat) throw new AppError(400, 'account.bad_vat_number', {}, 'tax_id');
  return vat;
}
