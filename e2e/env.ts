/** Where the journeys' own API and member site listen (not the developer's 3000/4000). */
export const E2E = {
  apiPort: Number(process.env.E2E_API_PORT || 4400),
  memberPort: Number(process.env.E2E_PORT || 3400),
  admin: { email: 'admin@e2e.example', password: 'Admin-pass-e2e-1' },
  subAdmin: { email: 'sub@e2e.example', password: 'Sub-admin-pass-1' },
  demoPassword: 'Demo-pass-2026',
  student: { nationalId: '1000000001', name: 'Sara Student' },
};
import { resolve } from 'node:path';

/** E-mails caught by the journeys' SMTP server, one JSON line each. */
export const mailbox = resolve(__dirname, '.data', 'mail.jsonl');

/** The fake WhatsApp Cloud API that global-setup starts (its address is handed to the tests in the environment). */
export const whatsappUrl = () => process.env.E2E_WHATSAPP_URL ?? '';
export const WHATSAPP = {
  token: 'e2e-whatsapp-token-0123456789',
  phoneNumberId: '100200300400500',
  appSecret: 'e2e-whatsapp-app-secret-0123456789',
  verifyToken: 'e2e-whatsapp-verify-token-0123',
};

export const memberUrl = `http://127.0.0.1:${E2E.memberPort}`;
export const apiUrl = `http://127.0.0.1:${E2E.apiPort}`;
