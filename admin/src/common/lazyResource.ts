import { lazy, type ComponentType } from 'react';
import type { ResourceProps } from 'react-admin';

type Screen = 'list' | 'show' | 'edit' | 'create';
type Screens = Partial<Record<Screen, ComponentType>>;

/**
 * A resource whose screens load when first shown (issue 36: the sign-in and the dashboard load only
 * what they use). What the menu and titles need at once (the icon, how a record is named) is given
 * here; the screens come from the resource's module, one chunk per module, on the first visit to any
 * of them. react-admin's layout shows its loading indicator meanwhile (a Suspense boundary).
 * `screens` names the ones the resource has: react-admin offers create/edit/show buttons by them.
 */
export function lazyResource(
  load: () => Promise<Screens>,
  screens: readonly Screen[],
  meta: Pick<ResourceProps, 'icon' | 'recordRepresentation'>,
): Pick<ResourceProps, Screen | 'icon' | 'recordRepresentation'> {
  let module: Promise<Screens> | undefined;
  const once = () => (module ??= load());
  const resource: Pick<ResourceProps, Screen | 'icon' | 'recordRepresentation'> = { ...meta };
  for (const screen of screens) {
    resource[screen] = lazy(async () => {
      const component = (await once())[screen];
      if (!component) throw new Error(`no ${screen} screen`);
      return { default: component };
    });
  }
  return resource;
}

/** A page (a custom route) that loads when first shown. */
export const lazyPage = <K extends string>(load: () => Promise<Record<K, ComponentType>>, name: K) =>
  lazy(async () => ({ default: (await load())[name] }));
