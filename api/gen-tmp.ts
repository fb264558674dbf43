import { writeTaxDocument } from './src/payments/invoice';
async function main() {
  const order: any = { id: '0b9d3a36-7c1e-4d8f-9a55-1f2e3d4c5b6a', plan: { name: 'خطة المدرب السنوية', name_en: 'Coach annual plan', duration: 1, duration_type: 'year' }, periodStart: '2026-11-26', periodEnd: '2027-11-26', orderType: 'plan', method: 'Card', transactionRef: '040012345', currency: 'SAR', total: '345.00', activatedAt: new Date(), customerName: 'محمد' };
  const base = { order, member: { name: 'محمد عبدالله', nationalId: '1234567890', email: null }, seller: { name: 'منصة المسابقات', nameEn: 'Competitions Platform', vatNumber: '310122393500003' }, vatPercent: 15 };
  await writeTaxDocument('/tmp/money-pdf/inv.pdf', { ...base, kind: 'invoice', number: 'INV-2026-000001', issuedAt: new Date(), total: '345.00' });
  await writeTaxDocument('/tmp/money-pdf/cn.pdf', { ...base, kind: 'credit_note', number: 'CN-2026-000001', issuedAt: new Date(), invoiceNumber: 'INV-2026-000001', total: '100.00', reason: 'Duplicate purchase' });
}
main();
