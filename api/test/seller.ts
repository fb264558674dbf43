/**
 * The seller the tests sell as: the API's SELLER_* settings (Phase 2 needs a VAT number and an
 * address) and the CSR its ZATCA onboarding sends. One place for the API tests (builders.ts) and the
 * journeys (e2e/fatoora.ts), which load this file too: it imports nothing.
 */
export const SELLER = { name: 'منصة المسابقات', vatNumber: '310122393500003', crn: '1010010000' };

export const SELLER_ENV = {
  SELLER_NAME: SELLER.name,
  SELLER_NAME_EN: 'WRO Platform',
  SELLER_VAT_NUMBER: SELLER.vatNumber,
  SELLER_CRN: SELLER.crn,
  SELLER_STREET: 'King Fahd Road',
  SELLER_BUILDING: '1234',
  SELLER_DISTRICT: 'Olaya',
  SELLER_CITY: 'Riyadh',
  SELLER_POSTAL_CODE: '12345',
  VAT_PERCENT: '15',
};

/**
 * The CSR's subject fields ZATCA asks for. `invoiceTypes`: '0100' simplified invoices only, '1100'
 * standard (B2B) ones too.
 */
export const csrFields = (invoiceTypes: '0100' | '1100') => ({
  commonName: `TST-886431145-${SELLER.vatNumber}`,
  organization: 'WRO Platform',
  organizationUnit: 'Riyadh Branch',
  vatNumber: SELLER.vatNumber,
  serial: '1-WROPlatform|2-1.0|3-ed22f1d8-e6a2-1118-9b58-d9a8f11e445f',
  invoiceTypes,
  registeredAddress: 'King Fahd Road, Riyadh',
  businessCategory: 'Education',
  template: 'TSTZATCA-Code-Signing',
});
