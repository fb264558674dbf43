import type { ReactNode } from 'react';
import { Layout as RaLayout } from 'react-admin';
import { StaffGate } from '../security/StaffGate';
import { AppBar } from './AppBar';
import { Menu } from './Menu';

/** Every page, once the staff member's account is ready (a password of their own; two-factor when required). */
export function Layout({ children }: { children: ReactNode }) {
  return (
    <RaLayout appBar={AppBar} menu={Menu}>
      <StaffGate>{children}</StaffGate>
    </RaLayout>
  );
}
